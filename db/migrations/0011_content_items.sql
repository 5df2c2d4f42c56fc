CREATE TABLE `scoring_versions` (
	`version` text PRIMARY KEY NOT NULL,
	`test_id` text NOT NULL,
	`keying` text NOT NULL,
	`change` text,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`test_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `scoring_versions_test_idx` ON `scoring_versions` (`test_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `results_test_completed_idx` ON `results` (`test_id`,`is_completed`,`completed_at`);