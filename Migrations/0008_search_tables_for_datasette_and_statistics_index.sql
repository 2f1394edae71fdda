-- The full-text tables declared so datasette and sqlite-utils find them, and indexes for `movies stats`.
--
-- datasette (`?_search=heat`) and sqlite-utils (`sqlite-utils search FILE movies heat`) find a table's
-- full-text index by looking in sqlite_master for a virtual table whose definition spells
-- content="movies" (or content=[movies]); 0003 wrote content = 'movies', which FTS5 reads the same
-- but neither tool recognises. SQLite cannot change a virtual table's arguments, so each FTS5 table is
-- dropped and declared again with the same columns, tokenizer and rowid, and its index rebuilt from the
-- table it indexes, all in this migration's one transaction
-- (https://www.sqlite.org/fts5.html#the_rebuild_command). The triggers that keep the indexes in step
-- are on movies and news_items, not on the FTS tables, so they stay as they are and go on writing to
-- the tables of the same names.

DROP TABLE movies_fts;
CREATE VIRTUAL TABLE movies_fts USING fts5(
    title, note,
    content="movies", content_rowid="id",
    tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO movies_fts (movies_fts) VALUES ('rebuild');

DROP TABLE news_items_fts;
CREATE VIRTUAL TABLE news_items_fts USING fts5(
    title, summary,
    content="news_items", content_rowid="id",
    tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO news_items_fts (news_items_fts) VALUES ('rebuild');

-- `movies stats` counts the films seen by watched day, rating, stars and release year. Every one of its
-- queries names rating <> 'not-seen' and reads only these columns, so each is answered from one of
-- these two partial indexes alone, never from the table
-- (https://www.sqlite.org/partialindex.html#queries_using_partial_indexes): movies_seen in watched-day
-- order, for a range of days (the chart's months, --year) and the runs of days; movies_seen_by_rating in
-- rating, stars and year order, so that counting every film per rating and per year of release reads
-- it once in order instead of sorting a million rows (a third of the time of `stats` on a million
-- movies was that sort).
CREATE INDEX movies_seen ON movies (watched_on, rating, stars, year) WHERE rating <> 'not-seen';
CREATE INDEX movies_seen_by_rating ON movies (rating, stars, year) WHERE rating <> 'not-seen';
