ALTER TABLE `credit_redemptions` ADD `remaining_cents` integer;--> statement-breakpoint
ALTER TABLE `revoked_redemptions` ADD `kind` text DEFAULT 'refund' NOT NULL;