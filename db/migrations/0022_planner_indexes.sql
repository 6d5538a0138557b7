DROP INDEX `awards_series_idx`;--> statement-breakpoint
DROP INDEX `awards_claim_idx`;--> statement-breakpoint
CREATE INDEX `awards_series_idx` ON `awards` (`series_id`) WHERE series_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `awards_claim_idx` ON `awards` (`payout_claim_id`) WHERE payout_claim_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `payout_claims_sent_at_idx` ON `payout_claims` (`sent_at`);--> statement-breakpoint
CREATE INDEX `users_deactivated_idx` ON `users` (`id`) WHERE deactivated = 1;