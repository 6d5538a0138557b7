-- The event page's data is kept until the catalog changes: the catalog version also moves when a
-- result's shown columns change (a recompute of its payout, a corrected hometown) and when a
-- promoter is renamed (the event and series pages name the promoter).
CREATE TRIGGER `catalog_version_results_shown_update` AFTER UPDATE OF `class_id`, `place`, `result_type`, `rider_name`, `make`, `model`, `hometown`, `payout_cents`, `bonus_cents`, `bonus_note`, `no_payout_reason` ON `results`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_promoters_update` AFTER UPDATE OF `name` ON `promoters`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
