CREATE TABLE `invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`dealer_id` integer,
	`promoter_id` integer,
	`first_name` text,
	`last_name` text,
	`lang` text DEFAULT 'en' NOT NULL,
	`status` text NOT NULL,
	`pending_change_id` integer,
	`invited_by_user_id` integer,
	`invited_proxy_host_user_id` integer,
	`user_id` integer,
	`sent_at` text,
	`expires_at` text,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`promoter_id`) REFERENCES `promoters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pending_change_id`) REFERENCES `pending_money_changes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`invited_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`invited_proxy_host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `invitations_created_idx` ON `invitations` (`created_at`);--> statement-breakpoint
CREATE INDEX `invitations_email_idx` ON `invitations` (`email`,`status`);--> statement-breakpoint
CREATE INDEX `invitations_pending_change_idx` ON `invitations` (`pending_change_id`);