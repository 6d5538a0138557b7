CREATE TABLE `brand_hosts` (
	`host` text PRIMARY KEY NOT NULL,
	`brand_id` integer NOT NULL,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `brand_hosts_brand_idx` ON `brand_hosts` (`brand_id`);--> statement-breakpoint
CREATE TABLE `brands` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`public_url` text,
	`theme` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `brands_slug_uq` ON `brands` (`slug`);--> statement-breakpoint
-- Hand-written: the install's first brand, which every brand_id below defaults to (decision 048).
INSERT INTO `brands` (`id`, `slug`, `name`) VALUES (1, 'main', 'contingency cash');
--> statement-breakpoint
CREATE TABLE `dealer_brands` (
	`dealer_id` integer NOT NULL,
	`brand_id` integer NOT NULL,
	PRIMARY KEY(`dealer_id`, `brand_id`),
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dealer_brands_brand_idx` ON `dealer_brands` (`brand_id`);--> statement-breakpoint
CREATE TABLE `event_brands` (
	`event_id` integer NOT NULL,
	`brand_id` integer NOT NULL,
	PRIMARY KEY(`event_id`, `brand_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `event_brands_brand_idx` ON `event_brands` (`brand_id`);--> statement-breakpoint
ALTER TABLE `awards` ADD `brand_id` integer DEFAULT 1 NOT NULL REFERENCES brands(id);--> statement-breakpoint
ALTER TABLE `credit_redemptions` ADD `brand_id` integer DEFAULT 1 NOT NULL REFERENCES brands(id);--> statement-breakpoint
ALTER TABLE `ledger_entries` ADD `brand_id` integer DEFAULT 1 NOT NULL REFERENCES brands(id);--> statement-breakpoint
ALTER TABLE `payout_claims` ADD `brand_id` integer DEFAULT 1 NOT NULL REFERENCES brands(id);--> statement-breakpoint
ALTER TABLE `revoked_redemptions` ADD `brand_id` integer DEFAULT 1 NOT NULL REFERENCES brands(id);--> statement-breakpoint
ALTER TABLE `vin_patterns` ADD `brand_id` integer DEFAULT 1 NOT NULL REFERENCES brands(id);--> statement-breakpoint
-- Hand-written from here: every dealer sells and every event pays the first brand.
INSERT INTO `dealer_brands` (`dealer_id`, `brand_id`) SELECT `id`, 1 FROM `dealers`;
--> statement-breakpoint
INSERT INTO `event_brands` (`event_id`, `brand_id`) SELECT `id`, 1 FROM `events`;
--> statement-breakpoint
-- An install of one brand links each new dealer and event to it, so the services need not know
-- brands; with several, whoever makes the dealer or event names its brands.
CREATE TRIGGER `dealer_brands_only_brand` AFTER INSERT ON `dealers`
WHEN (SELECT count(*) FROM `brands`) = 1
BEGIN
  INSERT INTO `dealer_brands` (`dealer_id`, `brand_id`) SELECT new.`id`, `id` FROM `brands`;
END;
--> statement-breakpoint
CREATE TRIGGER `event_brands_only_brand` AFTER INSERT ON `events`
WHEN (SELECT count(*) FROM `brands`) = 1
BEGIN
  INSERT INTO `event_brands` (`event_id`, `brand_id`) SELECT new.`id`, `id` FROM `brands`;
END;
--> statement-breakpoint
-- The brands and their host names are read by every request of a site of several brands: they
-- are cached until this version moves, which any change to them does (as the catalog's).
INSERT INTO `data_versions` (`name`, `version`) VALUES ('brands', 0);
--> statement-breakpoint
CREATE TRIGGER `brands_version_brands_insert` AFTER INSERT ON `brands`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'brands';
END;
--> statement-breakpoint
CREATE TRIGGER `brands_version_brands_update` AFTER UPDATE ON `brands`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'brands';
END;
--> statement-breakpoint
CREATE TRIGGER `brands_version_brands_delete` AFTER DELETE ON `brands`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'brands';
END;
--> statement-breakpoint
CREATE TRIGGER `brands_version_brand_hosts_insert` AFTER INSERT ON `brand_hosts`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'brands';
END;
--> statement-breakpoint
CREATE TRIGGER `brands_version_brand_hosts_update` AFTER UPDATE ON `brand_hosts`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'brands';
END;
--> statement-breakpoint
CREATE TRIGGER `brands_version_brand_hosts_delete` AFTER DELETE ON `brand_hosts`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'brands';
END;
