DROP INDEX `results_rider_idx`;--> statement-breakpoint
CREATE INDEX `results_rider_event_idx` ON `results` (`rider_id`,`event_id`);