-- The tax status a claim's withholding was computed under, kept with the claim. SQLite adds a NOT
-- NULL column only with a default; every insert names the status, the default only fills the rows
-- that exist now, which the update then sets: withheld means not a US person (withholding is only
-- ever computed for them); otherwise the rider's answer today, the best that was recorded.
ALTER TABLE `payout_claims` ADD `us_person` integer NOT NULL DEFAULT 1;--> statement-breakpoint
UPDATE `payout_claims` SET `us_person` = CASE
  WHEN `withheld_cents` > 0 THEN 0
  ELSE coalesce((SELECT `us_person` FROM `riders` WHERE `riders`.`id` = `payout_claims`.`rider_id`), 1)
END;
