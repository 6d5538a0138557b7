CREATE TABLE `security_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`address` text,
	`user_agent` text,
	`details` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `security_events_user_idx` ON `security_events` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `pending_money_changes` ADD `payload` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `verified_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `password_locked` integer DEFAULT false NOT NULL;