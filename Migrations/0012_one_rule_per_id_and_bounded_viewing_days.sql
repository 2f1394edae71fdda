-- One rule per kind of id, and viewing days bounded as a film's year is (issue 40).
--
--   movies.imdb_id          tt and 7 to 10 digits (was: tt and any number of digits, so an id of 29 digits was
--                           stored by `add` and refused by the import of its own export)
--   movies.letterboxd_uri,  an address on letterboxd.com, www.letterboxd.com or boxd.it, at most 500 characters,
--   viewings.letterboxd_uri printable ASCII without spaces (was: any https address of any length)
--   viewings.watched_on,    a real day from 1870-01-01 to 2100-12-31, as movies.year is 1870–2100 (was: any real
--   movies.watched_on       day, so 0000-01-01 was stored, shown as "?" and counted by `stats --by year` from
--                           year 0)
--
-- These are the rules MovieValidation applies in the program (isIMDbID, letterboxdAddress, the watched date's
-- bounds), to `add`, `edit`, `log`, `diary edit` and every import alike, so whatever is stored exports and
-- imports back.
--
-- The file converts honestly; nothing is dropped without a word in the film's private note:
--   - an address whose scheme and host are written in capitals (HTTPS://BOXD.IT/x was possible by hand) is the
--     same page, and is kept with them in lower case, as the program now stores them;
--   - an address that is still not a Letterboxd address (another site, longer than 500 characters, a space, a
--     control character or a letter outside ASCII in it: Letterboxd's addresses are ASCII), or one that its
--     lower-case host makes the same as another film's (or entry's) address, is taken off the film (or
--     viewing); the film's note gets a line saying what it was and why (the first film, by id, keeps a shared
--     address);
--   - an IMDb id that is not tt and 7 to 10 digits is taken off, and the note says what it was;
--   - a viewing dated outside 1870–2100 becomes undated (seen, the day not known), and the note says which
--     viewing had which day; the film's watched_on follows its viewings again.
-- A note is at most 10,000 characters: a line that would pass that is cut there. Nothing else changes: ids,
-- the AUTOINCREMENT sequences, times, ratings, reviews, the full-text indexes.
--
-- SQLite cannot change a CHECK in place, so movies and viewings are rebuilt
-- (https://www.sqlite.org/lang_altertable.html#otheralter), keeping ids and sequences, and their indexes,
-- triggers and the view of title keys are made again as they were.

CREATE TEMP TABLE migration_0012_sequences AS
SELECT name, seq FROM sqlite_sequence WHERE name IN ('movies', 'viewings');

-- What becomes of each address: kept (in its stored form) or NULL, with why.
CREATE TEMP TABLE migration_0012_addresses (
    kind TEXT NOT NULL, id INTEGER NOT NULL, movie_id INTEGER NOT NULL, old TEXT NOT NULL, kept TEXT,
    PRIMARY KEY (kind, id));
INSERT INTO temp.migration_0012_addresses (kind, id, movie_id, old, kept)
SELECT 'film', id, id, letterboxd_uri,
       CASE WHEN lower(substr(letterboxd_uri, 1, 23)) = 'https://letterboxd.com/' THEN 'https://letterboxd.com/' || substr(letterboxd_uri, 24)
            WHEN lower(substr(letterboxd_uri, 1, 27)) = 'https://www.letterboxd.com/' THEN 'https://www.letterboxd.com/' || substr(letterboxd_uri, 28)
            WHEN lower(substr(letterboxd_uri, 1, 16)) = 'https://boxd.it/' THEN 'https://boxd.it/' || substr(letterboxd_uri, 17) END
FROM movies WHERE letterboxd_uri IS NOT NULL;
INSERT INTO temp.migration_0012_addresses (kind, id, movie_id, old, kept)
SELECT 'entry', id, movie_id, letterboxd_uri,
       CASE WHEN lower(substr(letterboxd_uri, 1, 23)) = 'https://letterboxd.com/' THEN 'https://letterboxd.com/' || substr(letterboxd_uri, 24)
            WHEN lower(substr(letterboxd_uri, 1, 27)) = 'https://www.letterboxd.com/' THEN 'https://www.letterboxd.com/' || substr(letterboxd_uri, 28)
            WHEN lower(substr(letterboxd_uri, 1, 16)) = 'https://boxd.it/' THEN 'https://boxd.it/' || substr(letterboxd_uri, 17) END
FROM viewings WHERE letterboxd_uri IS NOT NULL;
UPDATE temp.migration_0012_addresses SET kept = NULL
WHERE kept IS NOT NULL AND NOT (length(kept) <= 500
    AND (kept GLOB 'https://letterboxd.com/?*' OR kept GLOB 'https://www.letterboxd.com/?*' OR kept GLOB 'https://boxd.it/?*')
    AND kept NOT GLOB '*[^!-~]*');
-- Two addresses that are one once their host is in lower case: the first, by id, keeps it.
CREATE TEMP TABLE migration_0012_shared AS
SELECT a.kind, a.id, min(b.id) AS keeper
FROM temp.migration_0012_addresses AS a
JOIN temp.migration_0012_addresses AS b ON b.kind = a.kind AND b.kept = a.kept AND b.id < a.id
GROUP BY a.kind, a.id;

-- What each film's note gains: one line per address, IMDb id or day not kept.
CREATE TEMP TABLE migration_0012_notes (movie_id INTEGER NOT NULL, line TEXT NOT NULL);
INSERT INTO temp.migration_0012_notes
SELECT a.movie_id,
       CASE a.kind WHEN 'film' THEN 'Letterboxd address ' ELSE 'Diary entry address (viewing ' || a.id || ') ' END
       || a.old || CASE WHEN s.keeper IS NOT NULL
                        THEN ' (taken off by migration 12: also the address of '
                             || CASE a.kind WHEN 'film' THEN 'movie ' ELSE 'viewing ' END || s.keeper || ')'
                        ELSE ' (taken off by migration 12: not a letterboxd.com or boxd.it address of at most 500 characters)'
                   END
FROM temp.migration_0012_addresses AS a
LEFT JOIN temp.migration_0012_shared AS s ON s.kind = a.kind AND s.id = a.id
WHERE a.kept IS NULL OR s.keeper IS NOT NULL;
UPDATE temp.migration_0012_addresses SET kept = NULL
WHERE EXISTS (SELECT 1 FROM temp.migration_0012_shared AS s
              WHERE s.kind = migration_0012_addresses.kind AND s.id = migration_0012_addresses.id);
INSERT INTO temp.migration_0012_notes
SELECT id, 'IMDb id ' || imdb_id || ' (taken off by migration 12: not tt and 7 to 10 digits)'
FROM movies
WHERE imdb_id IS NOT NULL
  AND NOT (length(imdb_id) BETWEEN 9 AND 12 AND imdb_id GLOB 'tt[0-9]*' AND NOT substr(imdb_id, 3) GLOB '*[^0-9]*');
INSERT INTO temp.migration_0012_notes
SELECT movie_id, 'Viewing ' || id || ' was dated ' || watched_on
       || ' (made undated by migration 12: a day is from 1870 to 2100)'
FROM viewings
WHERE watched_on IS NOT NULL AND watched_on NOT BETWEEN '1870-01-01' AND '2100-12-31';

-- The films whose note changes leave the full-text index (which holds each note) now, and come back
-- with the new note below (https://www.sqlite.org/fts5.html#external_content_tables).
CREATE TEMP TABLE migration_0012_noted AS SELECT DISTINCT movie_id AS id FROM temp.migration_0012_notes;
INSERT INTO movies_fts (movies_fts, rowid, title, note)
SELECT 'delete', id, title, note FROM movies WHERE id IN (SELECT id FROM temp.migration_0012_noted);

-- The view of the keys reads movies: made again once the new table has the name.
DROP VIEW movie_title_keys;

CREATE TABLE movies_0012 (
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
    -- The latest day it was watched: kept from the viewings by the triggers below, so bounded as they are.
    watched_on      TEXT
                    CHECK (watched_on IS NULL OR (date(watched_on, '+0 days') IS watched_on
                           AND watched_on BETWEEN '1870-01-01' AND '2100-12-31')),
    -- Private: yours, never exported as a review.
    note            TEXT
                    CHECK (note IS NULL OR length(note) <= 10000),
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                    CHECK (created_at IS strftime('%Y-%m-%dT%H:%M:%fZ', created_at)),
    updated_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                    CHECK (updated_at IS strftime('%Y-%m-%dT%H:%M:%fZ', updated_at)),
    stars           REAL
                    CHECK (stars IS NULL OR (stars BETWEEN 0.5 AND 5 AND stars * 2 = CAST(stars * 2 AS INTEGER))),
    -- IMDb's title id: tt and 7 to 10 digits (MovieValidation.isIMDbID).
    imdb_id         TEXT
                    CHECK (imdb_id IS NULL OR (length(imdb_id) BETWEEN 9 AND 12 AND imdb_id GLOB 'tt[0-9]*'
                           AND NOT substr(imdb_id, 3) GLOB '*[^0-9]*')),
    -- The film's address on Letterboxd (https://letterboxd.com/film/heat-1995/ or https://boxd.it/2b5I): on
    -- letterboxd.com, www.letterboxd.com or boxd.it, at most 500 characters of printable ASCII without
    -- spaces (MovieValidation.letterboxdAddress).
    letterboxd_uri  TEXT
                    CHECK (letterboxd_uri IS NULL OR (length(letterboxd_uri) <= 500
                           AND (letterboxd_uri GLOB 'https://letterboxd.com/?*' OR letterboxd_uri GLOB 'https://www.letterboxd.com/?*'
                                OR letterboxd_uri GLOB 'https://boxd.it/?*')
                           AND letterboxd_uri NOT GLOB '*[^!-~]*')),
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

CREATE TABLE viewings_0012 (
    -- AUTOINCREMENT: a removed viewing's number is never given to another.
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    movie_id       INTEGER NOT NULL REFERENCES movies (id) ON DELETE CASCADE,
    -- The day it was watched, between 1870 and 2100 as a film's year is; NULL: seen, the day not known.
    watched_on     TEXT
                   CHECK (watched_on IS NULL OR (date(watched_on, '+0 days') IS watched_on
                          AND watched_on BETWEEN '1870-01-01' AND '2100-12-31')),
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
    -- The diary entry's own address (https://boxd.it/1VoAHp), by which a re-import finds it; the same
    -- rule as the film's.
    letterboxd_uri TEXT
                   CHECK (letterboxd_uri IS NULL OR (length(letterboxd_uri) <= 500
                          AND (letterboxd_uri GLOB 'https://letterboxd.com/?*' OR letterboxd_uri GLOB 'https://www.letterboxd.com/?*'
                               OR letterboxd_uri GLOB 'https://boxd.it/?*')
                          AND letterboxd_uri NOT GLOB '*[^!-~]*')),
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

INSERT INTO movies_0012 (
    id, title, year, rating, watched_on, note, created_at, updated_at, stars, imdb_id, letterboxd_uri,
    watch_count, rated_on, title_key, title_sort, runtime_minutes, genres, directors)
SELECT id, title, year, rating,
       -- The latest day of its viewings that stays.
       CASE WHEN watched_on IS NULL OR watched_on BETWEEN '1870-01-01' AND '2100-12-31' THEN watched_on
            ELSE (SELECT max(v.watched_on) FROM viewings AS v
                  WHERE v.movie_id = movies.id AND v.watched_on BETWEEN '1870-01-01' AND '2100-12-31') END,
       CASE WHEN NOT EXISTS (SELECT 1 FROM temp.migration_0012_notes AS n WHERE n.movie_id = movies.id) THEN note
            ELSE substr(coalesce(note || char(10), '')
                        || (SELECT group_concat(line, char(10))
                            FROM (SELECT line FROM temp.migration_0012_notes AS n
                                  WHERE n.movie_id = movies.id ORDER BY rowid)),
                        1, 10000)
       END,
       created_at, updated_at, stars,
       CASE WHEN length(imdb_id) BETWEEN 9 AND 12 AND imdb_id GLOB 'tt[0-9]*'
                 AND NOT substr(imdb_id, 3) GLOB '*[^0-9]*' THEN imdb_id END,
       (SELECT kept FROM temp.migration_0012_addresses AS a WHERE a.kind = 'film' AND a.id = movies.id),
       watch_count, rated_on, title_key, title_sort, runtime_minutes, genres, directors
FROM movies;

INSERT INTO viewings_0012 (
    id, movie_id, watched_on, rating, stars, rewatch, review, tags, letterboxd_uri, created_at, updated_at)
SELECT id, movie_id,
       CASE WHEN watched_on BETWEEN '1870-01-01' AND '2100-12-31' THEN watched_on END,
       rating, stars, rewatch, review, tags,
       (SELECT kept FROM temp.migration_0012_addresses AS a WHERE a.kind = 'entry' AND a.id = viewings.id),
       created_at, updated_at
FROM viewings;

DROP TABLE temp.migration_0012_addresses;
DROP TABLE temp.migration_0012_shared;
DROP TABLE temp.migration_0012_notes;

DROP TABLE viewings;
DROP TABLE movies;
ALTER TABLE movies_0012 RENAME TO movies;
ALTER TABLE viewings_0012 RENAME TO viewings;

-- The sequences as they were: the highest id ever handed out, not just the highest one left.
DELETE FROM sqlite_sequence WHERE name IN ('movies', 'viewings');
INSERT INTO sqlite_sequence (name, seq) SELECT name, seq FROM temp.migration_0012_sequences;
DROP TABLE temp.migration_0012_sequences;

INSERT INTO movies_fts (rowid, title, note)
SELECT id, title, note FROM movies WHERE id IN (SELECT id FROM temp.migration_0012_noted);
DROP TABLE temp.migration_0012_noted;

-- The view, indexes and triggers of both tables, as migrations 9 and 11 made them.

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

CREATE UNIQUE INDEX movies_by_letterboxd_uri ON movies (letterboxd_uri) WHERE letterboxd_uri IS NOT NULL;

CREATE UNIQUE INDEX movies_by_imdb_id ON movies (imdb_id) WHERE imdb_id IS NOT NULL;

CREATE UNIQUE INDEX movies_unique_title_key ON movies (title_key, coalesce(year, 0))
WHERE letterboxd_uri IS NULL AND imdb_id IS NULL;

CREATE INDEX movies_by_title_key ON movies (title_key, coalesce(year, 0));

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

CREATE INDEX movies_by_year_newest ON movies (coalesce(year, 0), id);

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

CREATE TRIGGER movies_delete_viewings AFTER DELETE ON movies BEGIN
    DELETE FROM viewings WHERE movie_id = OLD.id;
    DELETE FROM list_entries WHERE movie_id = OLD.id;
END;

CREATE TRIGGER movies_title_trigrams_after_insert AFTER INSERT ON movies BEGIN
    INSERT INTO movies_title_trigrams (rowid, title) VALUES (NEW.id, NEW.title);
END;

CREATE TRIGGER movies_title_trigrams_after_delete AFTER DELETE ON movies BEGIN
    INSERT INTO movies_title_trigrams (movies_title_trigrams, rowid, title) VALUES ('delete', OLD.id, OLD.title);
END;

CREATE TRIGGER movies_title_trigrams_after_update AFTER UPDATE OF title ON movies BEGIN
    INSERT INTO movies_title_trigrams (movies_title_trigrams, rowid, title) VALUES ('delete', OLD.id, OLD.title);
    INSERT INTO movies_title_trigrams (rowid, title) VALUES (NEW.id, NEW.title);
END;

CREATE UNIQUE INDEX viewings_by_letterboxd_uri ON viewings (letterboxd_uri) WHERE letterboxd_uri IS NOT NULL;

CREATE INDEX viewings_of_movie ON viewings (movie_id, watched_on, rewatch);

CREATE INDEX viewings_dated ON viewings (watched_on, movie_id, rewatch) WHERE watched_on IS NOT NULL;

CREATE INDEX viewings_by_day ON viewings (coalesce(watched_on, ''), id);

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

CREATE TRIGGER viewings_after_insert AFTER INSERT ON viewings BEGIN
    UPDATE movies SET rating = 'seen' WHERE id = NEW.movie_id AND rating = 'not-seen';
    UPDATE movies SET
        watched_on = (SELECT max(watched_on) FROM viewings WHERE movie_id = NEW.movie_id),
        watch_count = (SELECT count(*) FROM viewings WHERE movie_id = NEW.movie_id)
    WHERE id = NEW.movie_id;
END;

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

CREATE TRIGGER viewings_touch_updated_at
AFTER UPDATE ON viewings
FOR EACH ROW WHEN NEW.updated_at = OLD.updated_at
BEGIN
    UPDATE viewings SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id;
END;
