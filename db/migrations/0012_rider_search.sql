-- The counter's rider search: a trigram full-text index over what a dealer types — the
-- rider's name both ways, e-mail, AMA number, phone digits — kept by triggers in the writing
-- transaction. A substring search of 3 characters or more reads the index instead of every rider.
-- rowid = riders.id.
CREATE VIRTUAL TABLE `rider_search` USING fts5(
  `name`, `name_rev`, `email`, `ama`, `phones`,
  tokenize = 'trigram remove_diacritics 1'
);
--> statement-breakpoint
INSERT INTO `rider_search` (`rowid`, `name`, `name_rev`, `email`, `ama`, `phones`)
SELECT r.`id`, r.`first_name` || ' ' || r.`last_name`, r.`last_name` || ' ' || r.`first_name`, u.`email`, coalesce(r.`ama_number`, ''),
  replace(replace(replace(replace(replace(replace(coalesce(r.`phone1`, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') || ' ' ||
  replace(replace(replace(replace(replace(replace(coalesce(r.`phone2`, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')
FROM `riders` r JOIN `users` u ON u.`id` = r.`user_id`;
--> statement-breakpoint
CREATE TRIGGER `rider_search_insert` AFTER INSERT ON `riders`
BEGIN
  INSERT INTO `rider_search` (`rowid`, `name`, `name_rev`, `email`, `ama`, `phones`)
  SELECT NEW.`id`, NEW.`first_name` || ' ' || NEW.`last_name`, NEW.`last_name` || ' ' || NEW.`first_name`,
    coalesce((SELECT u.`email` FROM `users` u WHERE u.`id` = NEW.`user_id`), ''), coalesce(NEW.`ama_number`, ''),
    replace(replace(replace(replace(replace(replace(coalesce(NEW.`phone1`, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') || ' ' ||
    replace(replace(replace(replace(replace(replace(coalesce(NEW.`phone2`, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '');
END;
--> statement-breakpoint
CREATE TRIGGER `rider_search_update` AFTER UPDATE OF `first_name`, `last_name`, `ama_number`, `phone1`, `phone2`, `user_id` ON `riders`
BEGIN
  DELETE FROM `rider_search` WHERE `rowid` = OLD.`id`;
  INSERT INTO `rider_search` (`rowid`, `name`, `name_rev`, `email`, `ama`, `phones`)
  SELECT NEW.`id`, NEW.`first_name` || ' ' || NEW.`last_name`, NEW.`last_name` || ' ' || NEW.`first_name`,
    coalesce((SELECT u.`email` FROM `users` u WHERE u.`id` = NEW.`user_id`), ''), coalesce(NEW.`ama_number`, ''),
    replace(replace(replace(replace(replace(replace(coalesce(NEW.`phone1`, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') || ' ' ||
    replace(replace(replace(replace(replace(replace(coalesce(NEW.`phone2`, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '');
END;
--> statement-breakpoint
CREATE TRIGGER `rider_search_delete` AFTER DELETE ON `riders`
BEGIN
  DELETE FROM `rider_search` WHERE `rowid` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `rider_search_email` AFTER UPDATE OF `email` ON `users`
BEGIN
  UPDATE `rider_search` SET `email` = NEW.`email` WHERE `rowid` IN (SELECT r.`id` FROM `riders` r WHERE r.`user_id` = NEW.`id`);
END;
