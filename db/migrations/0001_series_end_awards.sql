ALTER TABLE `awards` ADD `series_id` integer REFERENCES series(id);--> statement-breakpoint
CREATE INDEX `awards_series_idx` ON `awards` (`series_id`);