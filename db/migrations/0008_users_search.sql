-- A trigram full-text index over users' e-mail, name and phone for the back-office's "contains"
-- search (server/admin/match.ts TrigramIndex): an external-content FTS5 table kept in step by
-- triggers, so it costs no second copy of the text.
CREATE VIRTUAL TABLE `users_search` USING fts5(email, name, phone, content='users', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `users_search`(`users_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_search`(rowid, email, name, phone) VALUES (new.rowid, new.email, new.name, new.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO `users_search`(`users_search`, rowid, email, name, phone) VALUES ('delete', old.rowid, old.email, old.name, old.phone);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF email, name, phone ON `users` BEGIN
  INSERT INTO `users_search`(`users_search`, rowid, email, name, phone) VALUES ('delete', old.rowid, old.email, old.name, old.phone);
  INSERT INTO `users_search`(rowid, email, name, phone) VALUES (new.rowid, new.email, new.name, new.phone);
END;
