CREATE TABLE `timing_header_sets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`promoter_id` integer NOT NULL,
	`header_set` text NOT NULL,
	`columns` text NOT NULL,
	`statuses` text DEFAULT '{}' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`promoter_id`) REFERENCES `promoters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `timing_header_sets_promoter_set_uq` ON `timing_header_sets` (`promoter_id`,`header_set`);