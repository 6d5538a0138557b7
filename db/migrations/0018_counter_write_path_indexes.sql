DROP INDEX `audit_actor_idx`;--> statement-breakpoint
DROP INDEX `audit_proxy_idx`;--> statement-breakpoint
DROP INDEX `audit_entity_idx`;--> statement-breakpoint
DROP INDEX `audit_created_idx`;--> statement-breakpoint
CREATE INDEX `audit_dealer_paused_idx` ON `audit_log` (`created_at`) WHERE action = 'redemption.dealerPaused';--> statement-breakpoint
DROP INDEX `credit_redemptions_status_idx`;--> statement-breakpoint
DROP INDEX `credit_redemptions_creator_idx`;--> statement-breakpoint
DROP INDEX `credit_redemptions_proxy_idx`;--> statement-breakpoint
DROP INDEX `ledger_actor_idx`;--> statement-breakpoint
DROP INDEX `ledger_proxy_idx`;