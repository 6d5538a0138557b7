CREATE TABLE `money_limits` (
	`id` integer PRIMARY KEY NOT NULL,
	`promoter_bonus_per_result_cents` integer NOT NULL,
	`admin_bonus_per_result_cents` integer NOT NULL,
	`bonus_per_event_cents` integer NOT NULL,
	`bonus_per_year_cents` integer NOT NULL,
	`refund_above_cents` integer NOT NULL,
	`updated_by_user_id` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`updated_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `pending_money_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`amount_cents` integer NOT NULL,
	`previous_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`limit_name` text NOT NULL,
	`event_id` integer,
	`result_id` integer,
	`redemption_id` integer,
	`rider_id` integer,
	`note` text,
	`entered_by_user_id` integer,
	`entered_proxy_host_user_id` integer,
	`decided_by_user_id` integer,
	`decided_proxy_host_user_id` integer,
	`decided_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`result_id`) REFERENCES `results`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`redemption_id`) REFERENCES `credit_redemptions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`entered_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`entered_proxy_host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_proxy_host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pending_money_changes_status_idx` ON `pending_money_changes` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `pending_money_changes_result_idx` ON `pending_money_changes` (`result_id`);--> statement-breakpoint
CREATE INDEX `pending_money_changes_redemption_idx` ON `pending_money_changes` (`redemption_id`);--> statement-breakpoint
DROP INDEX `pin_attempts_dealer_idx`;--> statement-breakpoint
DROP INDEX `pin_attempts_user_idx`;--> statement-breakpoint
CREATE INDEX `pin_attempts_dealer_time_idx` ON `pin_attempts` (`dealer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `pin_attempts_user_time_idx` ON `pin_attempts` (`user_id`,`created_at`);