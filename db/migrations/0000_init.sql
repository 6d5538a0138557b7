CREATE TABLE `admins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_user_uq` ON `admins` (`user_id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_user_id` integer,
	`proxy_host_user_id` integer,
	`action` text NOT NULL,
	`entity_type` text,
	`entity_id` integer,
	`details` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`proxy_host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_actor_idx` ON `audit_log` (`actor_user_id`);--> statement-breakpoint
CREATE INDEX `audit_proxy_idx` ON `audit_log` (`proxy_host_user_id`);--> statement-breakpoint
CREATE INDEX `audit_entity_idx` ON `audit_log` (`entity_type`,`entity_id`);--> statement-breakpoint
CREATE INDEX `audit_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `awards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rider_id` integer NOT NULL,
	`event_id` integer,
	`class_id` integer,
	`result_id` integer,
	`type` text NOT NULL,
	`payout_type` text NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`initial_cents` integer NOT NULL,
	`current_cents` integer NOT NULL,
	`spent_cents` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`awarded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text,
	`payment_info_due_at` text,
	`redeemed_at` text,
	`expiry_mail_sent_at` text,
	`payout_claim_id` integer,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`class_id`) REFERENCES `event_classes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`result_id`) REFERENCES `results`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`payout_claim_id`) REFERENCES `payout_claims`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `awards_rider_idx` ON `awards` (`rider_id`,`status`);--> statement-breakpoint
CREATE INDEX `awards_event_idx` ON `awards` (`event_id`);--> statement-breakpoint
CREATE INDEX `awards_class_idx` ON `awards` (`class_id`);--> statement-breakpoint
CREATE INDEX `awards_result_idx` ON `awards` (`result_id`);--> statement-breakpoint
CREATE INDEX `awards_claim_idx` ON `awards` (`payout_claim_id`);--> statement-breakpoint
CREATE INDEX `awards_expires_idx` ON `awards` (`expires_at`);--> statement-breakpoint
CREATE INDEX `awards_status_idx` ON `awards` (`status`);--> statement-breakpoint
CREATE TABLE `bikes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rider_id` integer NOT NULL,
	`vin` text NOT NULL,
	`year` integer,
	`make` text,
	`model` text,
	`valid` integer DEFAULT false NOT NULL,
	`invalid_reason` text,
	`vin_pattern_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vin_pattern_id`) REFERENCES `vin_patterns`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bikes_vin_uq` ON `bikes` (`vin`);--> statement-breakpoint
CREATE INDEX `bikes_rider_idx` ON `bikes` (`rider_id`);--> statement-breakpoint
CREATE INDEX `bikes_pattern_idx` ON `bikes` (`vin_pattern_id`);--> statement-breakpoint
CREATE INDEX `bikes_valid_idx` ON `bikes` (`valid`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`race_style` text,
	`active` integer DEFAULT true NOT NULL,
	`eligible_models` text,
	`min_year` integer,
	`max_year` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `categories_active_idx` ON `categories` (`active`);--> statement-breakpoint
CREATE TABLE `class_places` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`class_id` integer NOT NULL,
	`place` integer NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`class_id`) REFERENCES `event_classes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `class_places_class_place_uq` ON `class_places` (`class_id`,`place`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text DEFAULT 'contact' NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`subject` text,
	`message` text NOT NULL,
	`handled` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_kind_idx` ON `contact_messages` (`kind`,`handled`);--> statement-breakpoint
CREATE TABLE `credit_redemptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rider_id` integer NOT NULL,
	`dealer_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`employee_name` text NOT NULL,
	`id_verified` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_by_user_id` integer,
	`proxy_host_user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`proxy_host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `credit_redemptions_rider_idx` ON `credit_redemptions` (`rider_id`);--> statement-breakpoint
CREATE INDEX `credit_redemptions_dealer_idx` ON `credit_redemptions` (`dealer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `credit_redemptions_created_idx` ON `credit_redemptions` (`created_at`);--> statement-breakpoint
CREATE INDEX `credit_redemptions_status_idx` ON `credit_redemptions` (`status`);--> statement-breakpoint
CREATE INDEX `credit_redemptions_creator_idx` ON `credit_redemptions` (`created_by_user_id`);--> statement-breakpoint
CREATE INDEX `credit_redemptions_proxy_idx` ON `credit_redemptions` (`proxy_host_user_id`);--> statement-breakpoint
CREATE TABLE `dealers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`dealer_number` text,
	`name` text NOT NULL,
	`address_line1` text,
	`address_line2` text,
	`city` text,
	`state` text,
	`zipcode` text,
	`country` text DEFAULT 'US' NOT NULL,
	`bio` text,
	`phone` text,
	`website_url` text,
	`email` text,
	`lat` real,
	`lon` real,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dealers_user_uq` ON `dealers` (`user_id`);--> statement-breakpoint
CREATE INDEX `dealers_name_idx` ON `dealers` (`name`);--> statement-breakpoint
CREATE INDEX `dealers_state_idx` ON `dealers` (`state`);--> statement-breakpoint
CREATE INDEX `dealers_zip_idx` ON `dealers` (`zipcode`);--> statement-breakpoint
CREATE INDEX `dealers_country_idx` ON `dealers` (`country`);--> statement-breakpoint
CREATE INDEX `dealers_active_idx` ON `dealers` (`active`);--> statement-breakpoint
CREATE TABLE `event_classes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`name` text NOT NULL,
	`payout_type` text NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_classes_event_name_uq` ON `event_classes` (`event_id`,`name`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`series_id` integer,
	`promoter_id` integer,
	`category_id` integer,
	`title` text NOT NULL,
	`venue` text,
	`venue_website` text,
	`city` text,
	`state` text,
	`zipcode` text,
	`country` text DEFAULT 'US' NOT NULL,
	`lat` real,
	`lon` real,
	`date` text NOT NULL,
	`start_time` text,
	`event_type` text,
	`currency` text DEFAULT 'USD' NOT NULL,
	`cancelled` integer DEFAULT false NOT NULL,
	`notes` text,
	`bonuses` text,
	`results_uploaded_at` text,
	`results_verified_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`series_id`) REFERENCES `series`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`promoter_id`) REFERENCES `promoters`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `events_series_idx` ON `events` (`series_id`);--> statement-breakpoint
CREATE INDEX `events_promoter_idx` ON `events` (`promoter_id`);--> statement-breakpoint
CREATE INDEX `events_category_idx` ON `events` (`category_id`);--> statement-breakpoint
CREATE INDEX `events_date_idx` ON `events` (`date`);--> statement-breakpoint
CREATE INDEX `events_title_idx` ON `events` (`title`);--> statement-breakpoint
CREATE INDEX `events_state_idx` ON `events` (`state`);--> statement-breakpoint
CREATE INDEX `events_country_idx` ON `events` (`country`);--> statement-breakpoint
CREATE INDEX `events_zip_idx` ON `events` (`zipcode`);--> statement-breakpoint
CREATE INDEX `events_city_idx` ON `events` (`city`);--> statement-breakpoint
CREATE INDEX `events_cancelled_idx` ON `events` (`cancelled`);--> statement-breakpoint
CREATE TABLE `guardian_consents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rider_id` integer NOT NULL,
	`guardian_name` text NOT NULL,
	`guardian_email` text NOT NULL,
	`consented_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guardian_consents_rider_idx` ON `guardian_consents` (`rider_id`);--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rider_id` integer NOT NULL,
	`balance` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`award_id` integer,
	`redemption_id` integer,
	`payout_claim_id` integer,
	`actor_user_id` integer,
	`proxy_host_user_id` integer,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`award_id`) REFERENCES `awards`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`redemption_id`) REFERENCES `credit_redemptions`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payout_claim_id`) REFERENCES `payout_claims`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`proxy_host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ledger_rider_idx` ON `ledger_entries` (`rider_id`,`balance`);--> statement-breakpoint
CREATE INDEX `ledger_award_idx` ON `ledger_entries` (`award_id`);--> statement-breakpoint
CREATE INDEX `ledger_redemption_idx` ON `ledger_entries` (`redemption_id`);--> statement-breakpoint
CREATE INDEX `ledger_claim_idx` ON `ledger_entries` (`payout_claim_id`);--> statement-breakpoint
CREATE INDEX `ledger_actor_idx` ON `ledger_entries` (`actor_user_id`);--> statement-breakpoint
CREATE INDEX `ledger_proxy_idx` ON `ledger_entries` (`proxy_host_user_id`);--> statement-breakpoint
CREATE TABLE `one_time_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target` text NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `one_time_codes_target_purpose_uq` ON `one_time_codes` (`target`,`purpose`);--> statement-breakpoint
CREATE TABLE `payout_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rider_id` integer NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`country` text NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`gross_cents` integer NOT NULL,
	`withheld_cents` integer DEFAULT 0 NOT NULL,
	`net_cents` integer NOT NULL,
	`due_date` text,
	`created_by_user_id` integer,
	`sent_at` text,
	`sent_by_user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sent_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payout_claims_rider_idx` ON `payout_claims` (`rider_id`);--> statement-breakpoint
CREATE INDEX `payout_claims_status_idx` ON `payout_claims` (`status`);--> statement-breakpoint
CREATE INDEX `payout_claims_type_idx` ON `payout_claims` (`type`);--> statement-breakpoint
CREATE INDEX `payout_claims_country_idx` ON `payout_claims` (`country`);--> statement-breakpoint
CREATE INDEX `payout_claims_created_idx` ON `payout_claims` (`created_at`);--> statement-breakpoint
CREATE INDEX `payout_claims_creator_idx` ON `payout_claims` (`created_by_user_id`);--> statement-breakpoint
CREATE INDEX `payout_claims_sender_idx` ON `payout_claims` (`sent_by_user_id`);--> statement-breakpoint
CREATE TABLE `pin_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rider_id` integer NOT NULL,
	`dealer_id` integer,
	`user_id` integer,
	`success` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pin_attempts_rider_idx` ON `pin_attempts` (`rider_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `pin_attempts_dealer_idx` ON `pin_attempts` (`dealer_id`);--> statement-breakpoint
CREATE INDEX `pin_attempts_user_idx` ON `pin_attempts` (`user_id`);--> statement-breakpoint
CREATE TABLE `promoters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`name` text NOT NULL,
	`phone` text,
	`email` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promoters_user_uq` ON `promoters` (`user_id`);--> statement-breakpoint
CREATE INDEX `promoters_name_idx` ON `promoters` (`name`);--> statement-breakpoint
CREATE INDEX `promoters_phone_idx` ON `promoters` (`phone`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`window_start` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `redemption_allocations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`redemption_id` integer NOT NULL,
	`award_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	FOREIGN KEY (`redemption_id`) REFERENCES `credit_redemptions`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`award_id`) REFERENCES `awards`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `redemption_allocations_redemption_idx` ON `redemption_allocations` (`redemption_id`);--> statement-breakpoint
CREATE INDEX `redemption_allocations_award_idx` ON `redemption_allocations` (`award_id`);--> statement-breakpoint
CREATE TABLE `results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`class_id` integer NOT NULL,
	`place` integer,
	`result_type` text DEFAULT 'finish' NOT NULL,
	`rider_name` text NOT NULL,
	`ama_number` text,
	`email` text,
	`make` text,
	`model` text,
	`hometown` text,
	`rider_id` integer,
	`bike_id` integer,
	`bonus_cents` integer DEFAULT 0 NOT NULL,
	`bonus_note` text,
	`payout_cents` integer DEFAULT 0 NOT NULL,
	`no_payout_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `event_classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`bike_id`) REFERENCES `bikes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `results_event_idx` ON `results` (`event_id`);--> statement-breakpoint
CREATE INDEX `results_class_idx` ON `results` (`class_id`,`place`);--> statement-breakpoint
CREATE INDEX `results_rider_idx` ON `results` (`rider_id`);--> statement-breakpoint
CREATE INDEX `results_bike_idx` ON `results` (`bike_id`);--> statement-breakpoint
CREATE INDEX `results_ama_idx` ON `results` (`ama_number`);--> statement-breakpoint
CREATE TABLE `revoked_redemptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`redemption_id` integer NOT NULL,
	`refunded_by_user_id` integer,
	`refunded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`reason` text,
	FOREIGN KEY (`redemption_id`) REFERENCES `credit_redemptions`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`refunded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `revoked_redemptions_redemption_uq` ON `revoked_redemptions` (`redemption_id`);--> statement-breakpoint
CREATE INDEX `revoked_redemptions_refunder_idx` ON `revoked_redemptions` (`refunded_by_user_id`);--> statement-breakpoint
CREATE INDEX `revoked_redemptions_date_idx` ON `revoked_redemptions` (`refunded_at`);--> statement-breakpoint
CREATE TABLE `rider_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rider_id` integer NOT NULL,
	`kind` text NOT NULL,
	`original_name` text NOT NULL,
	`stored_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`uploaded_by_user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `rider_documents_rider_idx` ON `rider_documents` (`rider_id`,`kind`);--> statement-breakpoint
CREATE INDEX `rider_documents_uploader_idx` ON `rider_documents` (`uploaded_by_user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `rider_documents_stored_uq` ON `rider_documents` (`stored_name`);--> statement-breakpoint
CREATE TABLE `rider_favourite_dealers` (
	`rider_id` integer NOT NULL,
	`dealer_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`rider_id`, `dealer_id`),
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dealer_id`) REFERENCES `dealers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fav_dealer_idx` ON `rider_favourite_dealers` (`dealer_id`);--> statement-breakpoint
CREATE TABLE `riders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`level` text DEFAULT 'amateur' NOT NULL,
	`note` text,
	`phone1` text,
	`phone2` text,
	`ama_number` text,
	`address_line1` text,
	`address_line2` text,
	`city` text,
	`state` text,
	`zipcode` text,
	`country` text DEFAULT 'US' NOT NULL,
	`hometown` text,
	`bio` text,
	`date_of_birth` text,
	`sex` text,
	`race_style` text,
	`pin_hash` text,
	`social_media` text DEFAULT '{}' NOT NULL,
	`us_person` integer DEFAULT true NOT NULL,
	`factory` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `riders_user_uq` ON `riders` (`user_id`);--> statement-breakpoint
CREATE INDEX `riders_ama_idx` ON `riders` (`ama_number`);--> statement-breakpoint
CREATE INDEX `riders_last_first_idx` ON `riders` (`last_name`,`first_name`);--> statement-breakpoint
CREATE INDEX `riders_country_idx` ON `riders` (`country`);--> statement-breakpoint
CREATE INDEX `riders_state_idx` ON `riders` (`state`);--> statement-breakpoint
CREATE TABLE `series` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`category_id` integer,
	`promoter_id` integer,
	`race_style` text,
	`city` text,
	`state` text,
	`zipcode` text,
	`country` text DEFAULT 'US' NOT NULL,
	`first_date` text,
	`last_date` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`promoter_id`) REFERENCES `promoters`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `series_category_idx` ON `series` (`category_id`);--> statement-breakpoint
CREATE INDEX `series_promoter_idx` ON `series` (`promoter_id`);--> statement-breakpoint
CREATE INDEX `series_name_idx` ON `series` (`name`);--> statement-breakpoint
CREATE INDEX `series_state_idx` ON `series` (`state`);--> statement-breakpoint
CREATE INDEX `series_country_idx` ON `series` (`country`);--> statement-breakpoint
CREATE INDEX `series_zip_idx` ON `series` (`zipcode`);--> statement-breakpoint
CREATE INDEX `series_city_idx` ON `series` (`city`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`proxy_host_user_id` integer,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`proxy_host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_proxy_idx` ON `sessions` (`proxy_host_user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`deactivated` integer DEFAULT false NOT NULL,
	`profile_image` text,
	`lang` text DEFAULT 'en' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);--> statement-breakpoint
CREATE TABLE `vin_patterns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`make` text DEFAULT 'KTM' NOT NULL,
	`model` text NOT NULL,
	`year` integer NOT NULL,
	`pattern` text NOT NULL,
	`verified` integer DEFAULT false NOT NULL,
	`no_check_digit` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vin_patterns_pattern_uq` ON `vin_patterns` (`pattern`);--> statement-breakpoint
CREATE INDEX `vin_patterns_model_idx` ON `vin_patterns` (`model`);--> statement-breakpoint
CREATE INDEX `vin_patterns_year_idx` ON `vin_patterns` (`year`);--> statement-breakpoint
CREATE INDEX `vin_patterns_verified_idx` ON `vin_patterns` (`verified`);