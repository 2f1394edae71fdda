-- A diary, not a list: every viewing of a film is a row of its own, with its day (or none: seen, day
-- unknown), the rating given then, whether it was a rewatch, its review and its tags; films are told
-- apart by the addresses and ids their exports carry; Letterboxd's lists are kept.
--
--   movies     what belongs to the film: on the watchlist or seen ('not-seen' or not), its current rating
--              and stars (the latest rated viewing's, or the one `movies rate` gave) with the day it was
--              given, a private note, its Letterboxd film address and IMDb id, and what IMDb says of it
--              (runtime, genres, directors). watched_on and watch_count stay, kept by the triggers below
--              from the viewings (the latest day, how many), so `sqlite3` and datasette readers and the
--              list's indexes see them as before.
--   viewings   one per viewing: the film, the day, the rating and stars given then, rewatch, the public
--              review (Letterboxd's Review), the tags, and the diary entry's own address (boxd.it/1VoAHp,
--              which a re-import finds it by). Ids are never reused.
--   lists      a named, ordered list with its description, tags and address; list_entries holds its
--              films in order, each with the note the list gives it.
--
-- Films are no longer one per title and year: two films with different Letterboxd addresses or IMDb ids
-- are two films even when their titles and years agree (two Cinderellas of 1922). A film is unique by
-- its address, by its IMDb id, and by title and year only when it has neither.
--
-- A rating word and stars must say the same thing, in a film and in a viewing: a row whose stars
-- contradict its word is refused by a CHECK (before, it was accepted and read two ways).
--
-- The file converts honestly: a seen film with a watched day becomes one viewing on that day; a count
-- above one adds the others as undated rewatches; a seen film with neither becomes one undated viewing
-- (it was seen, once at least); a film's rating goes on its viewing only when it was given on that day
-- (rated_on is the watched day, or one of them is unknown). Stars that contradicted their word (written by
-- hand past the old triggers) were read as no stars by every version of movies, and are dropped. An IMDb
-- id or address two films shared stays on the first and goes into the others' notes. A title with a run
-- of spaces is stored with one (its keys are made again on the next open). Nothing else changes: ids,
-- the AUTOINCREMENT sequence, notes, addresses, times, the full-text index.
--
-- SQLite cannot add a table CHECK or drop a unique index's table in place, so movies is rebuilt
-- (https://www.sqlite.org/lang_altertable.html#otheralter), keeping ids and the sequence, and its
-- triggers and indexes are made again.

CREATE TEMP TABLE migration_0009_sequence AS SELECT seq FROM sqlite_sequence WHERE name = 'movies';

-- The view of the keys reads movies: made again once the new table has the name (a rename checks every
-- view that names the table).
DROP VIEW movie_title_keys;

CREATE TABLE movies_0009 (
    -- AUTOINCREMENT: a removed movie's number is never handed to a new one, so `#12` keeps meaning one movie.
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    -- Stored as written (the program writes it trimmed and in NFC); title_key decides what is the same.
    title           TEXT    NOT NULL
                    CHECK (length(trim(title)) > 0 AND length(title) <= 500),
    year            INTEGER
                    CHECK (year BETWEEN 1870 AND 2100),
    -- 'not-seen' is the watchlist; 'seen' is seen, not rated; the five words are the current rating.
    rating          TEXT    NOT NULL DEFAULT 'not-seen'
                    CHECK (rating IN ('not-seen', 'seen', 'terrible', 'poor', 'decent', 'good', 'excellent')),
    -- The latest day it was watched: kept from the viewings by the triggers below.
    watched_on      TEXT
                    CHECK (watched_on IS NULL OR date(watched_on, '+0 days') IS watched_on),
    -- Private: yours, never exported as a review.
    note            TEXT
                    CHECK (note IS NULL OR length(note) <= 10000),
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                    CHECK (created_at IS strftime('%Y-%m-%dT%H:%M:%fZ', created_at)),
    updated_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                    CHECK (updated_at IS strftime('%Y-%m-%dT%H:%M:%fZ', updated_at)),
    stars           REAL
                    CHECK (stars IS NULL OR (stars BETWEEN 0.5 AND 5 AND stars * 2 = CAST(stars * 2 AS INTEGER))),
    imdb_id         TEXT
                    CHECK (imdb_id IS NULL OR (imdb_id GLOB 'tt[0-9][0-9]*' AND NOT substr(imdb_id, 3) GLOB '*[^0-9]*')),
    -- The film's address on Letterboxd (https://letterboxd.com/film/heat-1995/ or https://boxd.it/2b5I).
    letterboxd_uri  TEXT
                    CHECK (letterboxd_uri IS NULL OR letterboxd_uri GLOB 'https://?*'),
    -- How many viewings it has: kept from the viewings by the triggers below. A row inserted with a
    -- count stands for that many viewings (see movies_viewings_after_insert), so it is bounded.
    watch_count     INTEGER
                    CHECK (watch_count IS NULL OR watch_count BETWEEN 1 AND 10000),
    rated_on        TEXT
                    CHECK (rated_on IS NULL OR date(rated_on, '+0 days') IS rated_on),
    title_key       TEXT,
    title_sort      TEXT,
    -- What IMDb's export says of the film: its length in minutes, and its genres and directors as the
    -- export lists them (comma-separated).
    runtime_minutes INTEGER
                    CHECK (runtime_minutes IS NULL OR runtime_minutes BETWEEN 1 AND 100000),
    genres          TEXT
                    CHECK (genres IS NULL OR length(genres) <= 1000),
    directors       TEXT
                    CHECK (directors IS NULL OR length(directors) <= 2000),
    -- The watchlist holds what is not seen yet: nothing watched, nothing counted.
    CHECK (rating <> 'not-seen' OR (watched_on IS NULL AND watch_count IS NULL)),
    -- Stars say a word: ½–1 terrible, 1½–2 poor, 2½–3 decent, 3½–4 good, 4½–5 excellent.
    CHECK (stars IS NULL OR rating IS (
        CASE CAST(stars * 2 + 1 AS INTEGER) / 2
            WHEN 1 THEN 'terrible' WHEN 2 THEN 'poor' WHEN 3 THEN 'decent' WHEN 4 THEN 'good' ELSE 'excellent'
        END))
) STRICT;

-- Version 8 let two films hold one IMDb id or Letterboxd address (an import matched by title; a hand or
-- a spreadsheet could write anything); now each is one film's. The first film listed keeps it; on the
-- others it moves into the note, saying which film has it, so nothing is lost and the unique indexes
-- below can be made.
CREATE TEMP TABLE migration_0009_shared_ids (kind TEXT NOT NULL, value TEXT NOT NULL, keeper INTEGER NOT NULL,
    PRIMARY KEY (kind, value));
INSERT INTO temp.migration_0009_shared_ids
SELECT 'imdb', imdb_id, min(id) FROM movies WHERE imdb_id IS NOT NULL GROUP BY imdb_id HAVING count(*) > 1;
INSERT INTO temp.migration_0009_shared_ids
SELECT 'letterboxd', letterboxd_uri, min(id) FROM movies WHERE letterboxd_uri IS NOT NULL
GROUP BY letterboxd_uri HAVING count(*) > 1;

INSERT INTO movies_0009 (
    id, title, year, rating, watched_on, note, created_at, updated_at, stars, imdb_id, letterboxd_uri,
    watch_count, rated_on, title_key, title_sort)
SELECT id, title, year, rating, watched_on,
       CASE WHEN imdb.keeper IS NULL AND letterboxd.keeper IS NULL THEN note
            ELSE substr(coalesce(note || char(10), '')
                        || coalesce('IMDb id ' || imdb.value || ' (also on movie ' || imdb.keeper || ')', '')
                        || CASE WHEN imdb.keeper IS NOT NULL AND letterboxd.keeper IS NOT NULL THEN char(10) ELSE '' END
                        || coalesce('Letterboxd ' || letterboxd.value || ' (also on movie ' || letterboxd.keeper || ')', ''),
                        1, 10000)
       END,
       created_at, updated_at,
       -- Stars that contradict the word were read as no stars; stars out of range were refused.
       CASE WHEN stars IS NOT NULL AND stars BETWEEN 0.5 AND 5 AND stars * 2 = CAST(stars * 2 AS INTEGER)
                 AND rating IS (CASE CAST(stars * 2 + 1 AS INTEGER) / 2
                     WHEN 1 THEN 'terrible' WHEN 2 THEN 'poor' WHEN 3 THEN 'decent' WHEN 4 THEN 'good'
                     ELSE 'excellent' END)
            THEN stars END,
       -- A count past what anyone watches a film (only a hand could write one) is kept at the bound.
       CASE WHEN imdb.keeper IS NULL THEN imdb_id END, CASE WHEN letterboxd.keeper IS NULL THEN letterboxd_uri END,
       min(watch_count, 10000), rated_on,
       -- A title with a run of spaces is keyed again when movies next opens the file (PendingTitleKeys),
       -- which stores it with one space, as it now stores every title.
       CASE WHEN title NOT GLOB '*  *' THEN title_key END, CASE WHEN title NOT GLOB '*  *' THEN title_sort END
FROM movies
LEFT JOIN temp.migration_0009_shared_ids AS imdb
    ON imdb.kind = 'imdb' AND imdb.value = movies.imdb_id AND imdb.keeper <> movies.id
LEFT JOIN temp.migration_0009_shared_ids AS letterboxd
    ON letterboxd.kind = 'letterboxd' AND letterboxd.value = movies.letterboxd_uri AND letterboxd.keeper <> movies.id;
DROP TABLE temp.migration_0009_shared_ids;

DROP TABLE movies;
ALTER TABLE movies_0009 RENAME TO movies;

-- The sequence as it was: the highest id ever handed out, not just the highest one left.
INSERT INTO sqlite_sequence (name, seq)
SELECT 'movies', seq FROM temp.migration_0009_sequence
WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'movies');
UPDATE sqlite_sequence SET seq = max(seq, (SELECT seq FROM temp.migration_0009_sequence))
WHERE name = 'movies' AND EXISTS (SELECT 1 FROM temp.migration_0009_sequence);
DROP TABLE temp.migration_0009_sequence;

-- The keys of every printable-ASCII title, as 0005 made them, but for runs of spaces, which count as
-- one (as the program's keys count them): nine halvings make any run a title can hold (500) one space.
CREATE VIEW movie_title_keys AS
WITH
    articles (prefix, article) AS (VALUES
        ('the ', 'the'), ('a ', 'a'), ('an ', 'an'),
        ('le ', 'le'), ('la ', 'la'), ('les ', 'les'), ('l''', 'l'''),
        ('un ', 'un'), ('une ', 'une'),
        ('der ', 'der'), ('die ', 'die'), ('das ', 'das'), ('ein ', 'ein'), ('eine ', 'eine'),
        ('el ', 'el'), ('los ', 'los'), ('las ', 'las'), ('una ', 'una'),
        ('il ', 'il'), ('lo ', 'lo'), ('gli ', 'gli'), ('uno ', 'uno')),
    folded AS (
        SELECT id, year, lower(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(title, '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '))) AS title_key,
               ltrim(lower(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(title, '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '))), ' !"#$%&''()*+,-./:;<=>?@[\]^_`{|}~') AS primary_key
        FROM movies
        WHERE title NOT GLOB '*[^ -~]*')
SELECT id, year, title_key,
       coalesce(
           (SELECT ltrim(substr(primary_key, length(prefix) + 1), ' !"#$%&''()*+,-./:;<=>?@[\]^_`{|}~')
                   || char(9) || article
            FROM articles
            WHERE substr(primary_key, 1, length(prefix)) = prefix
              AND ltrim(substr(primary_key, length(prefix) + 1), ' !"#$%&''()*+,-./:;<=>?@[\]^_`{|}~') <> ''),
           nullif(primary_key, ''),
           title_key) AS title_sort
FROM folded;

-- A film is unique by its Letterboxd address, by its IMDb id, and by title and year only when it has
-- neither (a missing year counts as one value).
CREATE UNIQUE INDEX movies_by_letterboxd_uri ON movies (letterboxd_uri) WHERE letterboxd_uri IS NOT NULL;
CREATE UNIQUE INDEX movies_by_imdb_id ON movies (imdb_id) WHERE imdb_id IS NOT NULL;
CREATE UNIQUE INDEX movies_unique_title_key ON movies (title_key, coalesce(year, 0))
WHERE letterboxd_uri IS NULL AND imdb_id IS NULL;
-- Every film of a title and year, with or without ids: what `add` and an import look up first (the
-- same expression as the unique index, so one seek serves both).
CREATE INDEX movies_by_title_key ON movies (title_key, coalesce(year, 0));

-- The indexes 0005 and 0008 made, as they were.
CREATE INDEX movies_by_title ON movies (title_sort, id);
CREATE INDEX movies_by_rating ON movies (
    (CASE rating WHEN 'not-seen' THEN 0 WHEN 'seen' THEN 1
         ELSE 2 * (CASE rating WHEN 'terrible' THEN 1 WHEN 'poor' THEN 2 WHEN 'decent' THEN 3
                               WHEN 'good' THEN 4 ELSE 5 END)
              + (CASE WHEN stars IS NOT NULL AND CAST(stars * 2 AS INTEGER) % 2 = 1 THEN 0 ELSE 1 END) END),
    id);
CREATE INDEX movies_by_year ON movies (coalesce(year, 9999), id);
CREATE INDEX movies_seen ON movies (watched_on, rating, stars, year) WHERE rating <> 'not-seen';
CREATE INDEX movies_seen_by_rating ON movies (rating, stars, year) WHERE rating <> 'not-seen';

-- One row per viewing.
CREATE TABLE viewings (
    -- AUTOINCREMENT: a removed viewing's number is never given to another.
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    movie_id       INTEGER NOT NULL REFERENCES movies (id) ON DELETE CASCADE,
    -- The day it was watched; NULL: seen, the day not known.
    watched_on     TEXT
                   CHECK (watched_on IS NULL OR date(watched_on, '+0 days') IS watched_on),
    -- The rating given then, as a word and, when given so, as stars; NULL: not rated at this viewing.
    rating         TEXT
                   CHECK (rating IS NULL OR rating IN ('terrible', 'poor', 'decent', 'good', 'excellent')),
    stars          REAL
                   CHECK (stars IS NULL OR (stars BETWEEN 0.5 AND 5 AND stars * 2 = CAST(stars * 2 AS INTEGER))),
    -- 1 for a rewatch (Letterboxd's Rewatch).
    rewatch        INTEGER NOT NULL DEFAULT 0
                   CHECK (rewatch IN (0, 1)),
    -- The public review (Letterboxd's Review); a private note is the film's.
    review         TEXT
                   CHECK (review IS NULL OR length(review) <= 100000),
    -- Letterboxd's tags, as its export writes them: comma-separated, each trimmed, none twice.
    tags           TEXT
                   CHECK (tags IS NULL OR (length(tags) BETWEEN 1 AND 2000 AND tags = trim(tags))),
    -- The diary entry's own address (https://boxd.it/1VoAHp), by which a re-import finds it.
    letterboxd_uri TEXT
                   CHECK (letterboxd_uri IS NULL OR letterboxd_uri GLOB 'https://?*'),
    created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                   CHECK (created_at IS strftime('%Y-%m-%dT%H:%M:%fZ', created_at)),
    updated_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                   CHECK (updated_at IS strftime('%Y-%m-%dT%H:%M:%fZ', updated_at)),
    -- Stars need a word, and say it.
    CHECK (stars IS NULL OR rating IS (
        CASE CAST(stars * 2 + 1 AS INTEGER) / 2
            WHEN 1 THEN 'terrible' WHEN 2 THEN 'poor' WHEN 3 THEN 'decent' WHEN 4 THEN 'good' ELSE 'excellent'
        END))
) STRICT;

CREATE UNIQUE INDEX viewings_by_letterboxd_uri ON viewings (letterboxd_uri) WHERE letterboxd_uri IS NOT NULL;
-- A film's viewings in order; the triggers below read the latest day and the count here, and `movies
-- stats` counts every viewing and rewatch from it alone.
CREATE INDEX viewings_of_movie ON viewings (movie_id, watched_on, rewatch);
-- `movies stats`: the viewings of a range of days, their films and rewatches, from the index alone
-- (a comparison on watched_on implies the WHERE, so SQLite may use it:
-- https://www.sqlite.org/partialindex.html#queries_using_partial_indexes).
CREATE INDEX viewings_dated ON viewings (watched_on, movie_id, rewatch) WHERE watched_on IS NOT NULL;
-- The diary: newest first, by day, then id, the undated last (as '' they sort below every day).
CREATE INDEX viewings_by_day ON viewings (coalesce(watched_on, ''), id);

-- Reviews and tags are found by `movies search`: a second full-text index, over viewings.
CREATE VIRTUAL TABLE viewings_fts USING fts5(
    review, tags,
    content="viewings", content_rowid="id",
    tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER viewings_fts_after_insert AFTER INSERT ON viewings BEGIN
    INSERT INTO viewings_fts (rowid, review, tags) VALUES (NEW.id, NEW.review, NEW.tags);
END;

CREATE TRIGGER viewings_fts_after_delete AFTER DELETE ON viewings BEGIN
    INSERT INTO viewings_fts (viewings_fts, rowid, review, tags) VALUES ('delete', OLD.id, OLD.review, OLD.tags);
END;

CREATE TRIGGER viewings_fts_after_update AFTER UPDATE OF review, tags ON viewings BEGIN
    INSERT INTO viewings_fts (viewings_fts, rowid, review, tags) VALUES ('delete', OLD.id, OLD.review, OLD.tags);
    INSERT INTO viewings_fts (rowid, review, tags) VALUES (NEW.id, NEW.review, NEW.tags);
END;

-- Every seen film as viewings, as honestly as the file allows. The film's rating goes on its viewing
-- only when it was given that day (or one of the days is unknown); a count above one adds undated
-- rewatches; a seen film with neither a day nor a count was seen once, at least.
CREATE TEMP TABLE migration_0009_counts AS
SELECT id, coalesce(watch_count, 1) AS viewings FROM movies WHERE rating <> 'not-seen';

INSERT INTO viewings (movie_id, watched_on, rating, stars, rewatch, created_at, updated_at)
SELECT id, watched_on,
       CASE WHEN rating NOT IN ('not-seen', 'seen')
                 AND (rated_on IS NULL OR watched_on IS NULL OR rated_on = watched_on) THEN rating END,
       CASE WHEN rating NOT IN ('not-seen', 'seen')
                 AND (rated_on IS NULL OR watched_on IS NULL OR rated_on = watched_on) THEN stars END,
       0, created_at, updated_at
FROM movies WHERE rating <> 'not-seen'
ORDER BY id;

WITH RECURSIVE extra (movie_id, remaining, created_at) AS (
    SELECT counts.id, counts.viewings - 1, movies.created_at
    FROM temp.migration_0009_counts AS counts JOIN movies ON movies.id = counts.id
    WHERE counts.viewings > 1
    UNION ALL
    SELECT movie_id, remaining - 1, created_at FROM extra WHERE remaining > 1
)
INSERT INTO viewings (movie_id, watched_on, rewatch, created_at, updated_at)
SELECT movie_id, NULL, 1, created_at, created_at FROM extra ORDER BY movie_id;

-- The count the viewings make (a seen film counted nowhere was seen once); the day is the same.
UPDATE movies SET watch_count = counts.viewings
FROM temp.migration_0009_counts AS counts WHERE counts.id = movies.id;
DROP TABLE temp.migration_0009_counts;


-- The triggers 0005 made, made only now so that the conversion above changed no updated_at; as they were,
-- but for the one that dropped stars a new word did not fit: the CHECK
-- refuses such a row now, as the program does, so a word changed by hand goes with stars that fit it.
-- As 0005 made it, but for the film's own columns only: watched_on and watch_count follow the viewings,
-- which keep their own updated_at, so logging a viewing does not make the film look edited.
CREATE TRIGGER movies_touch_updated_at
AFTER UPDATE OF title, year, rating, note, stars, imdb_id, letterboxd_uri, rated_on, runtime_minutes,
    genres, directors ON movies
FOR EACH ROW WHEN NEW.updated_at = OLD.updated_at AND OLD.title_key IS NOT NULL
BEGIN
    UPDATE movies SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id;
END;

CREATE TRIGGER movies_keys_after_insert
AFTER INSERT ON movies
FOR EACH ROW WHEN NEW.title_key IS NULL AND NEW.title NOT GLOB '*[^ -~]*'
BEGIN
    UPDATE movies SET (title_key, title_sort) = (SELECT title_key, title_sort FROM movie_title_keys WHERE id = NEW.id)
    WHERE id = NEW.id;
END;

CREATE TRIGGER movies_keys_after_title_update
AFTER UPDATE OF title ON movies
FOR EACH ROW WHEN NEW.title IS NOT OLD.title AND NEW.title_key IS OLD.title_key
BEGIN
    UPDATE movies SET (title_key, title_sort) = (SELECT title_key, title_sort FROM movie_title_keys WHERE id = NEW.id)
    WHERE id = NEW.id;
END;

CREATE TRIGGER movies_rated_on_follows_rating
AFTER UPDATE OF rating ON movies
FOR EACH ROW WHEN NEW.rated_on IS NOT NULL AND NEW.rating IN ('not-seen', 'seen')
BEGIN
    UPDATE movies SET rated_on = NULL WHERE id = NEW.id;
END;

CREATE TRIGGER movies_fts_after_insert AFTER INSERT ON movies BEGIN
    INSERT INTO movies_fts (rowid, title, note) VALUES (NEW.id, NEW.title, NEW.note);
END;

CREATE TRIGGER movies_fts_after_delete AFTER DELETE ON movies BEGIN
    INSERT INTO movies_fts (movies_fts, rowid, title, note) VALUES ('delete', OLD.id, OLD.title, OLD.note);
END;

CREATE TRIGGER movies_fts_after_update AFTER UPDATE OF title, note ON movies BEGIN
    INSERT INTO movies_fts (movies_fts, rowid, title, note) VALUES ('delete', OLD.id, OLD.title, OLD.note);
    INSERT INTO movies_fts (rowid, title, note) VALUES (NEW.id, NEW.title, NEW.note);
END;

-- A film inserted seen, by the program or by hand, gets the viewings it stands for, as the conversion
-- above made them: one on its watched day (or undated), with its rating when that was given then (its
-- rated day is the watched day, or either is unknown), and its count's others as undated rewatches.
-- SQLite allows no WITH in a trigger (https://www.sqlite.org/lang_createtrigger.html), so the rewatches
-- are as many rows as json_each finds in an array of count - 1 zeros, made from a zeroblob's hex digits.
CREATE TRIGGER movies_viewings_after_insert AFTER INSERT ON movies
FOR EACH ROW WHEN NEW.rating <> 'not-seen' AND NOT EXISTS (SELECT 1 FROM viewings WHERE movie_id = NEW.id)
BEGIN
    INSERT INTO viewings (movie_id, watched_on, rating, stars, rewatch, created_at, updated_at)
    VALUES (
        NEW.id, NEW.watched_on,
        CASE WHEN NEW.rating <> 'seen'
                  AND (NEW.rated_on IS NULL OR NEW.watched_on IS NULL OR NEW.rated_on = NEW.watched_on)
             THEN NEW.rating END,
        CASE WHEN NEW.rating <> 'seen'
                  AND (NEW.rated_on IS NULL OR NEW.watched_on IS NULL OR NEW.rated_on = NEW.watched_on)
             THEN NEW.stars END,
        0, NEW.created_at, NEW.created_at);
    INSERT INTO viewings (movie_id, rewatch, created_at, updated_at)
    SELECT NEW.id, 1, NEW.created_at, NEW.created_at
    FROM json_each('[' || substr(replace(hex(zeroblob(coalesce(NEW.watch_count, 1) - 1)), '00', ',0'), 2) || ']');
END;

-- The film follows its viewings: their latest day and how many there are, and off the watchlist once
-- it has one. The day and the count are written by these triggers alone (the program never writes
-- them), so a viewing added or removed with sqlite3 keeps them true too. The move off the watchlist is
-- a statement of its own, so that it touches the film's updated_at only when it happens.
CREATE TRIGGER viewings_after_insert AFTER INSERT ON viewings BEGIN
    UPDATE movies SET rating = 'seen' WHERE id = NEW.movie_id AND rating = 'not-seen';
    UPDATE movies SET
        watched_on = (SELECT max(watched_on) FROM viewings WHERE movie_id = NEW.movie_id),
        watch_count = (SELECT count(*) FROM viewings WHERE movie_id = NEW.movie_id)
    WHERE id = NEW.movie_id;
END;

-- A film on the watchlist has no day or count to keep (its viewings are going with it, one row at a time).
CREATE TRIGGER viewings_after_delete AFTER DELETE ON viewings BEGIN
    UPDATE movies SET
        watched_on = (SELECT max(watched_on) FROM viewings WHERE movie_id = OLD.movie_id),
        watch_count = nullif((SELECT count(*) FROM viewings WHERE movie_id = OLD.movie_id), 0)
    WHERE id = OLD.movie_id AND rating <> 'not-seen';
END;

CREATE TRIGGER viewings_after_update AFTER UPDATE OF movie_id, watched_on ON viewings BEGIN
    UPDATE movies SET rating = 'seen' WHERE id = NEW.movie_id AND rating = 'not-seen';
    UPDATE movies SET
        watched_on = (SELECT max(watched_on) FROM viewings WHERE movie_id = movies.id),
        watch_count = nullif((SELECT count(*) FROM viewings WHERE movie_id = movies.id), 0)
    WHERE id IN (OLD.movie_id, NEW.movie_id);
END;

-- A film put back on the watchlist by hand (UPDATE movies SET rating = 'not-seen', watched_on = NULL,
-- watch_count = NULL: how it was done before the diary) takes its viewings with it, as `movies unwatch`
-- does; like unwatch, it is refused while one holds what a person wrote or an export named.
CREATE TRIGGER movies_watchlist_drops_viewings
AFTER UPDATE OF rating ON movies
FOR EACH ROW WHEN NEW.rating = 'not-seen' AND OLD.rating <> 'not-seen'
BEGIN
    SELECT RAISE(ABORT, 'a viewing of this film has a review, tags or an entry address: remove it first (movies diary rm)')
    WHERE EXISTS (
        SELECT 1 FROM viewings
        WHERE movie_id = NEW.id AND (review IS NOT NULL OR tags IS NOT NULL OR letterboxd_uri IS NOT NULL));
    DELETE FROM viewings WHERE movie_id = NEW.id;
END;

-- Keep updated_at true when a viewing is changed by hand.
CREATE TRIGGER viewings_touch_updated_at
AFTER UPDATE ON viewings
FOR EACH ROW WHEN NEW.updated_at = OLD.updated_at
BEGIN
    UPDATE viewings SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id;
END;

-- Letterboxd's lists: a name, a description, tags, its address; films in order, each with a note.
CREATE TABLE lists (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    name           TEXT    NOT NULL
                   CHECK (length(trim(name)) > 0 AND length(name) <= 500),
    description    TEXT
                   CHECK (description IS NULL OR length(description) <= 100000),
    tags           TEXT
                   CHECK (tags IS NULL OR (length(tags) BETWEEN 1 AND 2000 AND tags = trim(tags))),
    letterboxd_uri TEXT
                   CHECK (letterboxd_uri IS NULL OR letterboxd_uri GLOB 'https://?*'),
    created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                   CHECK (created_at IS strftime('%Y-%m-%dT%H:%M:%fZ', created_at)),
    updated_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                   CHECK (updated_at IS strftime('%Y-%m-%dT%H:%M:%fZ', updated_at))
) STRICT;
-- A list is named once, whatever the case.
CREATE UNIQUE INDEX lists_by_name ON lists (name COLLATE NOCASE);

CREATE TABLE list_entries (
    list_id        INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
    movie_id       INTEGER NOT NULL REFERENCES movies (id) ON DELETE CASCADE,
    -- 1, 2, 3... in the list's order; the program keeps them so.
    position       INTEGER NOT NULL
                   CHECK (position >= 1),
    -- What the list says of the film (Letterboxd's Description column).
    note           TEXT
                   CHECK (note IS NULL OR length(note) <= 100000),
    PRIMARY KEY (list_id, movie_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX list_entries_in_order ON list_entries (list_id, position);
CREATE INDEX list_entries_of_movie ON list_entries (movie_id);

-- As for films: a list removed by hand with foreign keys off takes its entries with it.
CREATE TRIGGER lists_delete_entries AFTER DELETE ON lists BEGIN
    DELETE FROM list_entries WHERE list_id = OLD.id;
END;

-- A film removed by hand with foreign keys off (sqlite3's default,
-- https://www.sqlite.org/foreignkeys.html#fk_enable) takes its viewings and list places with it, as
-- ON DELETE CASCADE does when they are on.
CREATE TRIGGER movies_delete_viewings AFTER DELETE ON movies BEGIN
    DELETE FROM viewings WHERE movie_id = OLD.id;
    DELETE FROM list_entries WHERE movie_id = OLD.id;
END;
