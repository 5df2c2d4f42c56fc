CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text NOT NULL,
	`real_actor_id` text NOT NULL,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`subject_user_id` text,
	`changes` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_entity_idx` ON `audit_log` (`entity`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_subject_idx` ON `audit_log` (`subject_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `exports` (
	`id` text PRIMARY KEY NOT NULL,
	`manager_id` text NOT NULL,
	`kind` text NOT NULL,
	`format` text NOT NULL,
	`filters` text,
	`rows` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `exports_created_idx` ON `exports` (`created_at`);--> statement-breakpoint
ALTER TABLE `business_requests` ADD `status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `consultation_tickets` ADD `status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `webinar_signups` ADD `status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
CREATE INDEX `results_created_idx` ON `results` (`created_at`);--> statement-breakpoint
CREATE INDEX `results_format_idx` ON `results` (`format_code`,`created_at`);--> statement-breakpoint
CREATE INDEX `results_doubt_idx` ON `results` (`is_doubt`,`created_at`);--> statement-breakpoint
CREATE INDEX `results_flags_idx` ON `results` (`is_completed`,`is_doubt`,`is_correct`,`created_at`);--> statement-breakpoint
CREATE INDEX `results_model_idx` ON `results` (`model_version`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_role_flags_idx` ON `users` (`role`,`is_completed`,`is_business`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_completed_idx` ON `users` (`is_completed`,`created_at`);