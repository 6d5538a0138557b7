CREATE TABLE `result_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`result_id` integer NOT NULL,
	`rider_id` integer NOT NULL,
	`bike_id` integer,
	`note` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`decided_by_user_id` integer,
	`decided_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`result_id`) REFERENCES `results`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bike_id`) REFERENCES `bikes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `result_claims_result_idx` ON `result_claims` (`result_id`);--> statement-breakpoint
CREATE INDEX `result_claims_rider_idx` ON `result_claims` (`rider_id`);--> statement-breakpoint
CREATE INDEX `result_claims_status_idx` ON `result_claims` (`status`);--> statement-breakpoint
CREATE TABLE `result_exclusions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`class_id` integer NOT NULL,
	`identity` text NOT NULL,
	`rider_id` integer NOT NULL,
	`created_by_user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`class_id`) REFERENCES `event_classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `result_exclusions_uq` ON `result_exclusions` (`class_id`,`identity`,`rider_id`);--> statement-breakpoint
CREATE INDEX `result_exclusions_rider_idx` ON `result_exclusions` (`rider_id`);