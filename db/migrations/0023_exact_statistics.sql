-- Statistics written by an earlier bounded analysis (analysis_limit) are wrong for indexes with few
-- distinct values or mostly NULL: analyze every table whole once. The start removes the samples
-- this writes, right after the migrations (db/statistics.ts).
ANALYZE;
