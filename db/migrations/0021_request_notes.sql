CREATE TABLE `request_notes` (
	`source` text NOT NULL,
	`request_id` text NOT NULL,
	`note` text,
	`assignee_id` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`source`, `request_id`),
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
