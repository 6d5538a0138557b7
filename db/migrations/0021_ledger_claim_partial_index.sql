DROP INDEX `ledger_claim_idx`;--> statement-breakpoint
CREATE INDEX `ledger_claim_idx` ON `ledger_entries` (`payout_claim_id`) WHERE payout_claim_id IS NOT NULL;