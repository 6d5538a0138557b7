CREATE TABLE `data_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `data_versions` (`name`, `version`) VALUES ('catalog', 0), ('dealers', 0);
--> statement-breakpoint
CREATE TRIGGER `catalog_version_events_insert` AFTER INSERT ON `events`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_events_update` AFTER UPDATE ON `events`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_events_delete` AFTER DELETE ON `events`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_event_classes_insert` AFTER INSERT ON `event_classes`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_event_classes_update` AFTER UPDATE ON `event_classes`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_event_classes_delete` AFTER DELETE ON `event_classes`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_class_places_insert` AFTER INSERT ON `class_places`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_class_places_update` AFTER UPDATE ON `class_places`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_class_places_delete` AFTER DELETE ON `class_places`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_series_insert` AFTER INSERT ON `series`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_series_update` AFTER UPDATE ON `series`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_series_delete` AFTER DELETE ON `series`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_results_insert` AFTER INSERT ON `results`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_results_delete` AFTER DELETE ON `results`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_results_update` AFTER UPDATE OF `event_id` ON `results`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_categories_insert` AFTER INSERT ON `categories`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_categories_update` AFTER UPDATE ON `categories`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `catalog_version_categories_delete` AFTER DELETE ON `categories`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
--> statement-breakpoint
CREATE TRIGGER `dealers_version_dealers_insert` AFTER INSERT ON `dealers`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'dealers';
END;
--> statement-breakpoint
CREATE TRIGGER `dealers_version_dealers_update` AFTER UPDATE ON `dealers`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'dealers';
END;
--> statement-breakpoint
CREATE TRIGGER `dealers_version_dealers_delete` AFTER DELETE ON `dealers`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'dealers';
END;
