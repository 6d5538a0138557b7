-- A series' standings group the results by rider: the catalog version also moves when a result
-- changes rider (a merge moves results to the kept rider without changing what they pay).
CREATE TRIGGER `catalog_version_results_rider_update` AFTER UPDATE OF `rider_id` ON `results`
BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'catalog';
END;
