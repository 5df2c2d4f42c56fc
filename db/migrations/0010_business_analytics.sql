CREATE TABLE `employee_analytics` (
	`employee_id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`result_id` text,
	`harmony` real,
	`anxiety` real,
	`efficiency` real,
	`best_position_id` text,
	`best_efficiency` real,
	`diff` real,
	`researcher_min` integer,
	`researcher_max` integer,
	`researcher_actual` integer,
	`researcher_potential` integer,
	`businessman_system` integer,
	`businessman_energy` integer,
	`leader_type` text,
	`manager_type` text,
	`manager_resource` integer,
	`seller_percent` integer,
	`crisis` integer DEFAULT false NOT NULL,
	`version` text NOT NULL,
	`computed_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `employee_analytics_efficiency_idx` ON `employee_analytics` (`project_id`,`efficiency`);--> statement-breakpoint
CREATE INDEX `employee_analytics_diff_idx` ON `employee_analytics` (`project_id`,`diff`);--> statement-breakpoint
CREATE TABLE `employee_fits` (
	`employee_id` text NOT NULL,
	`position_id` text NOT NULL,
	`project_id` text NOT NULL,
	`efficiency` real,
	`flags` text NOT NULL,
	`version` text NOT NULL,
	`computed_at` integer NOT NULL,
	PRIMARY KEY(`employee_id`, `position_id`),
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`position_id`) REFERENCES `positions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `employee_fits_position_idx` ON `employee_fits` (`position_id`,`efficiency`);--> statement-breakpoint
CREATE INDEX `employee_fits_project_version_idx` ON `employee_fits` (`project_id`,`version`);--> statement-breakpoint
ALTER TABLE `skills` ADD `skill_key` text;--> statement-breakpoint
ALTER TABLE `skills` ADD `name` text;--> statement-breakpoint
ALTER TABLE `skills` ADD `description` text;--> statement-breakpoint
ALTER TABLE `skills` ADD `weights` text;--> statement-breakpoint
ALTER TABLE `skills` ADD `entered_by` text;--> statement-breakpoint
ALTER TABLE `skills` ADD `entered_by_name` text;--> statement-breakpoint
ALTER TABLE `skills` ADD `updated_at` integer;