ALTER TABLE `events` ADD `approval` text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `approval_reason` text;--> statement-breakpoint
ALTER TABLE `events` ADD `approval_decided_at` text;--> statement-breakpoint
CREATE INDEX `events_approval_idx` ON `events` (`approval`);--> statement-breakpoint
ALTER TABLE `money_limits` ADD `promoter_place_cents` integer DEFAULT 250000 NOT NULL;