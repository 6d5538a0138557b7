CREATE TABLE `redemption_month_totals` (
	`month` text NOT NULL,
	`currency` text NOT NULL,
	`cents` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`month`, `currency`)
);
--> statement-breakpoint
INSERT INTO `redemption_month_totals` (`month`, `currency`, `cents`, `count`)
SELECT substr(`created_at`, 1, 7), `currency`, sum(`amount_cents`), count(*)
FROM `credit_redemptions` WHERE `status` = 'active' GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER `redemption_month_totals_insert` AFTER INSERT ON `credit_redemptions`
WHEN NEW.`status` = 'active'
BEGIN
  INSERT INTO `redemption_month_totals` (`month`, `currency`, `cents`, `count`)
  VALUES (substr(NEW.`created_at`, 1, 7), NEW.`currency`, NEW.`amount_cents`, 1)
  ON CONFLICT (`month`, `currency`) DO UPDATE SET `cents` = `cents` + excluded.`cents`, `count` = `count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `redemption_month_totals_delete` AFTER DELETE ON `credit_redemptions`
WHEN OLD.`status` = 'active'
BEGIN
  UPDATE `redemption_month_totals` SET `cents` = `cents` - OLD.`amount_cents`, `count` = `count` - 1
  WHERE `month` = substr(OLD.`created_at`, 1, 7) AND `currency` = OLD.`currency`;
END;
--> statement-breakpoint
CREATE TRIGGER `redemption_month_totals_update` AFTER UPDATE OF `status`, `amount_cents`, `currency`, `created_at` ON `credit_redemptions`
BEGIN
  UPDATE `redemption_month_totals` SET `cents` = `cents` - OLD.`amount_cents`, `count` = `count` - 1
  WHERE OLD.`status` = 'active' AND `month` = substr(OLD.`created_at`, 1, 7) AND `currency` = OLD.`currency`;
  INSERT INTO `redemption_month_totals` (`month`, `currency`, `cents`, `count`)
  SELECT substr(NEW.`created_at`, 1, 7), NEW.`currency`, NEW.`amount_cents`, 1 WHERE NEW.`status` = 'active'
  ON CONFLICT (`month`, `currency`) DO UPDATE SET `cents` = `cents` + excluded.`cents`, `count` = `count` + 1;
END;
