ALTER TABLE `employees` ADD `consent_withdrawn_at` integer;--> statement-breakpoint
CREATE INDEX `employees_department_idx` ON `employees` (`project_id`,`department_id`);--> statement-breakpoint
CREATE INDEX `employees_position_idx` ON `employees` (`project_id`,`position_id`);--> statement-breakpoint
ALTER TABLE `projects` ADD `details` text;--> statement-breakpoint
ALTER TABLE `tasks` ADD `priority` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `departments_parent_idx` ON `departments` (`project_id`,`parent_id`);--> statement-breakpoint
CREATE INDEX `departments_supervisor_idx` ON `departments` (`supervisor_id`);--> statement-breakpoint
CREATE INDEX `invites_project_status_idx` ON `invites` (`project_id`,`status`);