CREATE INDEX `results_grade_idx` ON `results` (json_extract(`quality`, '$.grade'),`created_at`);--> statement-breakpoint
CREATE INDEX `results_format_grade_idx` ON `results` (`format_code`,json_extract(`quality`, '$.grade'),`created_at`);
