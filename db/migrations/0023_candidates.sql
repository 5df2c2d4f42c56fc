CREATE TABLE `candidates` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`position_id` text NOT NULL,
	`invite_id` text,
	`user_id` text,
	`name` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`joined_at` integer,
	`consent_withdrawn_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`position_id`) REFERENCES `positions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invite_id`) REFERENCES `invites`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `candidates_position_idx` ON `candidates` (`position_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `candidates_invite_uq` ON `candidates` (`invite_id`);--> statement-breakpoint
CREATE INDEX `candidates_user_idx` ON `candidates` (`user_id`);