CREATE TABLE `referral_aliases` (
	`code` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `referral_signups` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `referral_signups_ref_idx` ON `referral_signups` (`referral_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `referrals` ADD `retired_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `masq_reason` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `masq_mode` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `masq_return_to` text;--> statement-breakpoint
INSERT INTO `referral_signups` (`id`, `referral_id`, `user_id`, `created_at`) SELECT lower(hex(randomblob(12))), `referral_id`, `id`, `created_at` FROM `users` WHERE `referral_id` IS NOT NULL;
