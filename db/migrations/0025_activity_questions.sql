ALTER TABLE `tasks` ADD `client` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `breadth` text;--> statement-breakpoint
ALTER TABLE `tasks` ADD `method` text;