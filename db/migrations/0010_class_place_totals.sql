CREATE TABLE `class_place_totals` (
	`class_id` integer PRIMARY KEY NOT NULL,
	`cents` integer NOT NULL,
	FOREIGN KEY (`class_id`) REFERENCES `event_classes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `class_place_totals` (`class_id`, `cents`)
SELECT `class_id`, sum(`amount_cents`) FROM `class_places` GROUP BY `class_id`;
--> statement-breakpoint
CREATE TRIGGER `class_place_totals_insert` AFTER INSERT ON `class_places`
BEGIN
  INSERT INTO `class_place_totals` (`class_id`, `cents`) VALUES (NEW.`class_id`, NEW.`amount_cents`)
  ON CONFLICT (`class_id`) DO UPDATE SET `cents` = `cents` + excluded.`cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `class_place_totals_delete` AFTER DELETE ON `class_places`
BEGIN
  UPDATE `class_place_totals` SET `cents` = `cents` - OLD.`amount_cents` WHERE `class_id` = OLD.`class_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `class_place_totals_update` AFTER UPDATE OF `class_id`, `amount_cents` ON `class_places`
BEGIN
  UPDATE `class_place_totals` SET `cents` = `cents` - OLD.`amount_cents` WHERE `class_id` = OLD.`class_id`;
  INSERT INTO `class_place_totals` (`class_id`, `cents`) VALUES (NEW.`class_id`, NEW.`amount_cents`)
  ON CONFLICT (`class_id`) DO UPDATE SET `cents` = `cents` + excluded.`cents`;
END;
