CREATE INDEX `employees_user_idx` ON `employees` (`user_id`);--> statement-breakpoint
CREATE INDEX `invites_email_idx` ON `invites` (`email`);