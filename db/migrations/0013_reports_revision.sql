ALTER TABLE `reports` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Any change of a report's text raises its revision, whoever makes it (the back-office, a script, a
-- hand-written UPDATE): report pages keep the parsed text and its rendered sections by revision.
-- The inner UPDATE changes revision, so the WHEN stops it from firing again (recursive triggers are on).
CREATE TRIGGER `reports_revision_bump` AFTER UPDATE ON `reports` WHEN NEW.`revision` = OLD.`revision` BEGIN
  UPDATE `reports` SET `revision` = OLD.`revision` + 1 WHERE `id` = NEW.`id`;
END;
