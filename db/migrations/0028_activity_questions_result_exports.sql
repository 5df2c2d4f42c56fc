CREATE TABLE `result_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`viewer_id` text NOT NULL,
	`role` text NOT NULL,
	`kind` text NOT NULL,
	`exported_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`viewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `result_exports_employee_idx` ON `result_exports` (`employee_id`,`exported_at`);--> statement-breakpoint
ALTER TABLE `tasks` ADD `client` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `breadth` text;--> statement-breakpoint
ALTER TABLE `tasks` ADD `method` text;