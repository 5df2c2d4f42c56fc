ALTER TABLE `formats` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- As reports_revision_bump (0013): any change of a format, whoever makes it, raises its revision;
-- report pages keep the parsed row, and a reader's rendered report body, by it.
CREATE TRIGGER `formats_revision_bump` AFTER UPDATE ON `formats` WHEN NEW.`revision` = OLD.`revision` BEGIN
  UPDATE `formats` SET `revision` = OLD.`revision` + 1 WHERE `code` = NEW.`code`;
END;
