DROP INDEX `awards_event_idx`;--> statement-breakpoint
CREATE INDEX `awards_event_series_status_idx` ON `awards` (`event_id`,`series_id`,`status`);