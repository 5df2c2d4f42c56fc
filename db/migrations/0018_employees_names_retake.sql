ALTER TABLE `employees` ADD `personnel_number` text;--> statement-breakpoint
ALTER TABLE `employees` ADD `name_by_owner` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `employees` ADD `retake_requested_at` integer;--> statement-breakpoint
UPDATE `employees` SET `name` = (SELECT u.`name` FROM `users` u WHERE u.`id` = `employees`.`user_id`) WHERE EXISTS (SELECT 1 FROM `users` u WHERE u.`id` = `employees`.`user_id` AND u.`email` = `employees`.`name` AND coalesce(u.`name`, '') <> '');
--> statement-breakpoint
UPDATE `invites` SET `email` = NULL WHERE `kind` = 'link';
