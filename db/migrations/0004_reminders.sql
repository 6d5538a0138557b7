CREATE TABLE `sent_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`item_id` integer NOT NULL,
	`threshold` integer NOT NULL,
	`recipient_email` text NOT NULL,
	`recipient_user_id` integer,
	`lang` text NOT NULL,
	`subject` text NOT NULL,
	`copied_to` text,
	`sent_at` text NOT NULL,
	FOREIGN KEY (`recipient_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sent_reminders_item_uq` ON `sent_reminders` (`kind`,`item_id`,`threshold`);--> statement-breakpoint
CREATE INDEX `sent_reminders_sent_idx` ON `sent_reminders` (`sent_at`);--> statement-breakpoint
ALTER TABLE `riders` ADD `reminder_mails` integer DEFAULT true NOT NULL;