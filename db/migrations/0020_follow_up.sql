CREATE TABLE `owner_events` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`digested_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `owner_events_pending_idx` ON `owner_events` (`digested_at`,`owner_id`);--> statement-breakpoint
ALTER TABLE `invites` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `invites` ADD `message` text;--> statement-breakpoint
ALTER TABLE `invites` ADD `mailed_at` integer;--> statement-breakpoint
ALTER TABLE `invites` ADD `reminders` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invites` ADD `name` text;--> statement-breakpoint
ALTER TABLE `invites` ADD `department_id` text;--> statement-breakpoint
ALTER TABLE `invites` ADD `position_id` text;--> statement-breakpoint
CREATE INDEX `invites_reminders_idx` ON `invites` (`reminders`,`mailed_at`);--> statement-breakpoint
ALTER TABLE `projects` ADD `notify` text DEFAULT 'each' NOT NULL;