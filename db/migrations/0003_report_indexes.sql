DROP INDEX `credit_redemptions_dealer_idx`;--> statement-breakpoint
DROP INDEX `credit_redemptions_created_idx`;--> statement-breakpoint
CREATE INDEX `credit_redemptions_dealer_idx` ON `credit_redemptions` (`dealer_id`,`created_at`,`status`,`currency`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `credit_redemptions_created_idx` ON `credit_redemptions` (`created_at`,`status`,`currency`,`amount_cents`);--> statement-breakpoint
DROP INDEX `results_event_idx`;--> statement-breakpoint
CREATE INDEX `results_event_idx` ON `results` (`event_id`,`result_type`,`place`,`make`);--> statement-breakpoint
CREATE INDEX `awards_awarded_idx` ON `awards` (`awarded_at`,`status`,`payout_type`,`currency`,`initial_cents`,`rider_id`);--> statement-breakpoint
CREATE INDEX `awards_rider_awarded_idx` ON `awards` (`rider_id`,`awarded_at`,`status`,`currency`,`initial_cents`);--> statement-breakpoint
CREATE INDEX `awards_outstanding_idx` ON `awards` (`payout_type`,`current_cents`,`currency`);--> statement-breakpoint
CREATE INDEX `class_places_amount_idx` ON `class_places` (`class_id`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `riders_level_idx` ON `riders` (`level`);