ALTER TABLE `awards` ADD `withdrawn_by` text;--> statement-breakpoint
ALTER TABLE `awards` ADD `withdrawn_at` text;--> statement-breakpoint
ALTER TABLE `awards` ADD `withdrawn_from_cents` integer;--> statement-breakpoint
ALTER TABLE `awards` ADD `withdrawn_from_status` text;--> statement-breakpoint
-- Awards withdrawn before these columns existed carry an English line at the end of their notes:
-- move what it says into the columns and keep only the admin's own words in `notes`.
UPDATE `awards` SET
  `withdrawn_by` = 'recompute',
  `withdrawn_at` = substr(substr(`notes`, instr(`notes`, 'Withdrawn by a results recompute on ')), 37, 24),
  `withdrawn_from_cents` = CAST(substr(substr(substr(`notes`, instr(`notes`, 'Withdrawn by a results recompute on ')), instr(substr(`notes`, instr(`notes`, 'Withdrawn by a results recompute on ')), '(was ') + 5), 1, instr(substr(substr(`notes`, instr(`notes`, 'Withdrawn by a results recompute on ')), instr(substr(`notes`, instr(`notes`, 'Withdrawn by a results recompute on ')), '(was ') + 5), ' ') - 1) AS integer),
  `withdrawn_from_status` = rtrim(substr(substr(`notes`, instr(`notes`, 'Withdrawn by a results recompute on ')), instr(substr(`notes`, instr(`notes`, 'Withdrawn by a results recompute on ')), ', ') + 2), ')'),
  `notes` = nullif(rtrim(substr(`notes`, 1, instr(`notes`, 'Withdrawn by a results recompute on ') - 1), char(10)), '')
WHERE `notes` LIKE '%Withdrawn by a results recompute on %';
--> statement-breakpoint
UPDATE `awards` SET
  `withdrawn_by` = 'admin',
  `withdrawn_at` = (SELECT max(`created_at`) FROM `ledger_entries` WHERE `ledger_entries`.`award_id` = `awards`.`id` AND `ledger_entries`.`kind` = 'awardReversal'),
  `notes` = nullif(rtrim(substr(`notes`, 1, instr(`notes`, 'Withdrawn by an admin') - 1), char(10)), '')
WHERE `notes` LIKE '%Withdrawn by an admin%' AND `withdrawn_by` IS NULL;
