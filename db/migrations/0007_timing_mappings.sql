CREATE TABLE `timing_mappings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`promoter_id` integer NOT NULL,
	`header_key` text NOT NULL,
	`column` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`promoter_id`) REFERENCES `promoters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `timing_mappings_promoter_header_uq` ON `timing_mappings` (`promoter_id`,`header_key`);