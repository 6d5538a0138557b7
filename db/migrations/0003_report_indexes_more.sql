CREATE INDEX `awards_outstanding_idx` ON `awards` (`payout_type`,`current_cents`,`currency`);--> statement-breakpoint
CREATE INDEX `riders_level_idx` ON `riders` (`level`);