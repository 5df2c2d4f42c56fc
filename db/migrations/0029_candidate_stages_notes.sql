CREATE TABLE `candidate_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`candidate_id` text NOT NULL,
	`author_id` text,
	`author_name` text DEFAULT '' NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`candidate_id`) REFERENCES `candidates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `candidate_notes_candidate_idx` ON `candidate_notes` (`candidate_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `candidates` ADD `stage` text;--> statement-breakpoint
ALTER TABLE `candidates` ADD `stage_at` integer;