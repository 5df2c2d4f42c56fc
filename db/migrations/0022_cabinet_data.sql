CREATE TABLE `result_views` (
	`employee_id` text NOT NULL,
	`viewer_id` text NOT NULL,
	`role` text NOT NULL,
	`day` text NOT NULL,
	`viewed_at` integer NOT NULL,
	PRIMARY KEY(`employee_id`, `viewer_id`, `day`),
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`viewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `employees` ADD `name_key` text;--> statement-breakpoint
CREATE INDEX `employees_name_key_idx` ON `employees` (`project_id`,`name_key`);--> statement-breakpoint
-- The search key of an employee's name (issue 33): SQLite's lower() and LIKE fold ASCII only, so
-- "анна" never found "Анна". Folded here, by trigger, whoever writes the name (the app, the seed,
-- a script); the app folds the query the same way (searchKey in server/services/business/search.ts).
-- Eight letters per statement: libSQL's parser refuses a deeper nesting of replace() (its stack is
-- smaller), even when only reading the schema.
CREATE TRIGGER `employees_name_key_ins` AFTER INSERT ON `employees` BEGIN
  UPDATE `employees` SET `name_key` = lower(NEW.`name`) WHERE `id` = NEW.`id`;
  UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(replace(`name_key`,'А','а'),'Б','б'),'В','в'),'Г','г'),'Д','д'),'Е','е'),'Ж','ж'),'З','з') WHERE `id` = NEW.`id`;
  UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(replace(`name_key`,'И','и'),'Й','й'),'К','к'),'Л','л'),'М','м'),'Н','н'),'О','о'),'П','п') WHERE `id` = NEW.`id`;
  UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(replace(`name_key`,'Р','р'),'С','с'),'Т','т'),'У','у'),'Ф','ф'),'Х','х'),'Ц','ц'),'Ч','ч') WHERE `id` = NEW.`id`;
  UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(replace(`name_key`,'Ш','ш'),'Щ','щ'),'Ъ','ъ'),'Ы','ы'),'Ь','ь'),'Э','э'),'Ю','ю'),'Я','я') WHERE `id` = NEW.`id`;
  UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(`name_key`,'І','і'),'Ї','ї'),'Є','є'),'Ў','ў'),'Ґ','ґ'),'Ё','е'),'ё','е') WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `employees_name_key_upd` AFTER UPDATE OF `name` ON `employees` BEGIN
  UPDATE `employees` SET `name_key` = lower(NEW.`name`) WHERE `id` = NEW.`id`;
  UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(replace(`name_key`,'А','а'),'Б','б'),'В','в'),'Г','г'),'Д','д'),'Е','е'),'Ж','ж'),'З','з') WHERE `id` = NEW.`id`;
  UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(replace(`name_key`,'И','и'),'Й','й'),'К','к'),'Л','л'),'М','м'),'Н','н'),'О','о'),'П','п') WHERE `id` = NEW.`id`;
  UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(replace(`name_key`,'Р','р'),'С','с'),'Т','т'),'У','у'),'Ф','ф'),'Х','х'),'Ц','ц'),'Ч','ч') WHERE `id` = NEW.`id`;
  UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(replace(`name_key`,'Ш','ш'),'Щ','щ'),'Ъ','ъ'),'Ы','ы'),'Ь','ь'),'Э','э'),'Ю','ю'),'Я','я') WHERE `id` = NEW.`id`;
  UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(`name_key`,'І','і'),'Ї','ї'),'Є','є'),'Ў','ў'),'Ґ','ґ'),'Ё','е'),'ё','е') WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
UPDATE `employees` SET `name_key` = lower(`name`);
--> statement-breakpoint
UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(replace(`name_key`,'А','а'),'Б','б'),'В','в'),'Г','г'),'Д','д'),'Е','е'),'Ж','ж'),'З','з');
--> statement-breakpoint
UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(replace(`name_key`,'И','и'),'Й','й'),'К','к'),'Л','л'),'М','м'),'Н','н'),'О','о'),'П','п');
--> statement-breakpoint
UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(replace(`name_key`,'Р','р'),'С','с'),'Т','т'),'У','у'),'Ф','ф'),'Х','х'),'Ц','ц'),'Ч','ч');
--> statement-breakpoint
UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(replace(`name_key`,'Ш','ш'),'Щ','щ'),'Ъ','ъ'),'Ы','ы'),'Ь','ь'),'Э','э'),'Ю','ю'),'Я','я');
--> statement-breakpoint
UPDATE `employees` SET `name_key` = replace(replace(replace(replace(replace(replace(replace(`name_key`,'І','і'),'Ї','ї'),'Є','є'),'Ў','ў'),'Ґ','ґ'),'Ё','е'),'ё','е');
