ALTER TABLE `results` ADD `share_code` text;--> statement-breakpoint
CREATE UNIQUE INDEX `results_share_code_uq` ON `results` (`share_code`);