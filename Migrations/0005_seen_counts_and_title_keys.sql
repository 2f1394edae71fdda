-- Watched apart from rated, viewings counted, and titles compared and sorted the same in every script.
--
--   rating       gains 'seen': seen, not rated. 'not-seen' stays the watchlist, the five words stay the
--                ratings. A not-seen movie with a watched date (what `add --watched` stored before) is
--                seen, and becomes 'seen'. A watchlist movie has no watched date and no watch count.
--   watch_count  how many times it was watched, when known (a diary's entries; `movies watched`).
--   rated_on     the day the rating was given, when known ('YYYY-MM-DD'): Letterboxd's and IMDb's date,
--                or the day of `movies rate`. An import takes a rating only when it is not older.
--   title_key    the title's identity: Unicode NFKC_Casefold ('AMÉLIE', 'Amélie' decomposed and 'amélie'
--                are one title; accents are kept: 'Amelie' is another). Unique with the year.
--   title_sort   the sort key: accents folded onto base letters, leading punctuation dropped, a leading
--                article set aside after a tab ('The Abyss' sorts as 'abyss<TAB>the').
--
-- SQL cannot fold Unicode, so the keys are written by the program. For titles of printable ASCII they
-- are also what the view movie_title_keys computes, and triggers fill them for rows written by hand:
--     INSERT INTO movies (title, rating) VALUES ('Heat', 'good');
-- still makes a complete row, refused when 'heat' with no year is already listed. A title with other
-- characters gets its keys the next time `movies` opens the file (a seek in the unique index finds
-- rows without keys), which also stores the title in NFC. Until then the row sorts first by title and
-- is not in the unique index (NULLs are distinct), and should it turn out to duplicate a listed movie,
-- both stay and its key is suffixed with '<TAB>#<id>' so that `movies list` shows both (remove one
-- with `movies rm`).
--
-- SQLite cannot change a column's CHECK in place, so the table is rebuilt
-- (https://www.sqlite.org/lang_altertable.html#otheralter): same ids, same values, same full-text
-- index (its rows are keyed by id and the text is unchanged), and the same AUTOINCREMENT sequence, so
-- an id once used is still never handed out again.

CREATE TEMP TABLE migration_0005_sequence AS SELECT seq FROM sqlite_sequence WHERE name = 'movies';

CREATE TABLE movies_0005 (
    -- AUTOINCREMENT: a removed movie's number is never handed to a new one, so `#12` keeps meaning one movie.
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    -- Stored as written (the program writes it trimmed and in NFC); title_key decides what is the same.
    title          TEXT    NOT NULL
                   CHECK (length(trim(title)) > 0 AND length(title) <= 500),
    year           INTEGER
                   CHECK (year BETWEEN 1870 AND 2100),
    rating         TEXT    NOT NULL DEFAULT 'not-seen'
                   CHECK (rating IN ('not-seen', 'seen', 'terrible', 'poor', 'decent', 'good', 'excellent')),
    -- The day it was last watched. '+0 days' normalizes an impossible day, so only real days pass.
    watched_on     TEXT
                   CHECK (watched_on IS NULL OR date(watched_on, '+0 days') IS watched_on),
    note           TEXT
                   CHECK (note IS NULL OR length(note) <= 10000),
    created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                   CHECK (created_at IS strftime('%Y-%m-%dT%H:%M:%fZ', created_at)),
    updated_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                   CHECK (updated_at IS strftime('%Y-%m-%dT%H:%M:%fZ', updated_at)),
    stars          REAL
                   CHECK (stars IS NULL OR (stars BETWEEN 0.5 AND 5 AND stars * 2 = CAST(stars * 2 AS INTEGER))),
    imdb_id        TEXT
                   CHECK (imdb_id IS NULL OR (imdb_id GLOB 'tt[0-9][0-9]*' AND NOT substr(imdb_id, 3) GLOB '*[^0-9]*')),
    letterboxd_uri TEXT
                   CHECK (letterboxd_uri IS NULL OR letterboxd_uri GLOB 'https://?*'),
    watch_count    INTEGER
                   CHECK (watch_count IS NULL OR watch_count >= 1),
    rated_on       TEXT
                   CHECK (rated_on IS NULL OR date(rated_on, '+0 days') IS rated_on),
    title_key      TEXT,
    title_sort     TEXT,
    -- The watchlist holds what is not seen yet: nothing watched, nothing counted.
    CHECK (rating <> 'not-seen' OR (watched_on IS NULL AND watch_count IS NULL))
) STRICT;

INSERT INTO movies_0005 (
    id, title, year, rating, watched_on, note, created_at, updated_at, stars, imdb_id, letterboxd_uri)
SELECT id, title, year,
       CASE WHEN rating = 'not-seen' AND watched_on IS NOT NULL THEN 'seen' ELSE rating END,
       watched_on, note, created_at, updated_at, stars, imdb_id, letterboxd_uri
FROM movies;

DROP TABLE movies;
ALTER TABLE movies_0005 RENAME TO movies;

-- The sequence as it was: the highest id ever handed out, not just the highest one left.
INSERT INTO sqlite_sequence (name, seq)
SELECT 'movies', seq FROM temp.migration_0005_sequence
WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'movies');
UPDATE sqlite_sequence SET seq = max(seq, (SELECT seq FROM temp.migration_0005_sequence))
WHERE name = 'movies' AND EXISTS (SELECT 1 FROM temp.migration_0005_sequence);
DROP TABLE temp.migration_0005_sequence;

-- The keys of every printable-ASCII title, as the program computes them (TitleKeys.swift): NFKC_Casefold
-- of an ASCII title is its lowercase; the sort key drops leading punctuation and sets an article aside.
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
        SELECT id, year, lower(trim(title)) AS title_key,
               ltrim(lower(trim(title)), ' !"#$%&''()*+,-./:;<=>?@[\]^_`{|}~') AS primary_key
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

-- Keys for the printable-ASCII titles now; a title that duplicates one with a lower id (' Heat' beside
-- 'Heat', which NOCASE told apart) keeps its row, with '<TAB>#<id>' after its key.
CREATE TEMP TABLE migration_0005_keys AS
SELECT id,
       CASE WHEN row_number() OVER (PARTITION BY title_key, coalesce(year, 0) ORDER BY id) = 1 THEN title_key
            ELSE title_key || char(9) || '#' || id END AS title_key,
       title_sort
FROM movie_title_keys;
UPDATE movies SET title_key = keys.title_key, title_sort = keys.title_sort
FROM temp.migration_0005_keys AS keys WHERE keys.id = movies.id;
DROP TABLE temp.migration_0005_keys;

-- One movie per title and year: 'Heat' (1995), 'HEAT' (1995) and 'ＨＥＡＴ' (1995) are one movie. A
-- missing year counts as one value, so 'Heat' without a year cannot be added twice either.
CREATE UNIQUE INDEX movies_unique_title_key ON movies (title_key, coalesce(year, 0));

-- One index per `movies list --sort` order; each ends with id so pages can continue by key.
-- (--sort added uses the primary key.)
CREATE INDEX movies_by_title ON movies (title_sort, id);
-- Best last in the index, so `--sort rating` reads it backwards: the watchlist 0, seen without a
-- rating 1, then two places per word, the lower half-star first (3.5 stars before 4 among 'good'; a
-- word without stars counts as its upper half, 4 stars for 'good').
CREATE INDEX movies_by_rating ON movies (
    (CASE rating WHEN 'not-seen' THEN 0 WHEN 'seen' THEN 1
         ELSE 2 * (CASE rating WHEN 'terrible' THEN 1 WHEN 'poor' THEN 2 WHEN 'decent' THEN 3
                               WHEN 'good' THEN 4 ELSE 5 END)
              + (CASE WHEN stars IS NOT NULL AND CAST(stars * 2 AS INTEGER) % 2 = 1 THEN 0 ELSE 1 END) END),
    id);
CREATE INDEX movies_by_year ON movies (coalesce(year, 9999), id);  -- movies without a year sort last

-- Keep updated_at true when a row is changed by hand (the program sets it itself). Not while the
-- program writes the keys of a row that has none yet: that changes nothing a person wrote.
-- recursive_triggers is off by default, so this UPDATE does not fire the trigger again.
CREATE TRIGGER movies_touch_updated_at
AFTER UPDATE ON movies
FOR EACH ROW WHEN NEW.updated_at = OLD.updated_at AND OLD.title_key IS NOT NULL
BEGIN
    UPDATE movies SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id;
END;

-- A row written without keys: a printable-ASCII title gets them at once (a duplicate is refused by
-- the unique index, as the program refuses it); any other waits for the program (see above).
CREATE TRIGGER movies_keys_after_insert
AFTER INSERT ON movies
FOR EACH ROW WHEN NEW.title_key IS NULL AND NEW.title NOT GLOB '*[^ -~]*'
BEGIN
    UPDATE movies SET (title_key, title_sort) = (SELECT title_key, title_sort FROM movie_title_keys WHERE id = NEW.id)
    WHERE id = NEW.id;
END;

-- A title changed without its keys: computed again, or left for the program.
CREATE TRIGGER movies_keys_after_title_update
AFTER UPDATE OF title ON movies
FOR EACH ROW WHEN NEW.title IS NOT OLD.title AND NEW.title_key IS OLD.title_key
BEGIN
    UPDATE movies SET (title_key, title_sort) = (SELECT title_key, title_sort FROM movie_title_keys WHERE id = NEW.id)
    WHERE id = NEW.id;
END;

-- A rating changed to a word the stars do not fit drops the stars; a movie that is no longer rated
-- has no rating date. The program does the same itself.
CREATE TRIGGER movies_stars_follow_rating
AFTER UPDATE OF rating ON movies
FOR EACH ROW WHEN NEW.stars IS NOT NULL AND NEW.rating IS NOT (
    CASE CAST(NEW.stars * 2 + 1 AS INTEGER) / 2
        WHEN 1 THEN 'terrible' WHEN 2 THEN 'poor' WHEN 3 THEN 'decent' WHEN 4 THEN 'good' ELSE 'excellent'
    END)
BEGIN
    UPDATE movies SET stars = NULL WHERE id = NEW.id;
END;

CREATE TRIGGER movies_rated_on_follows_rating
AFTER UPDATE OF rating ON movies
FOR EACH ROW WHEN NEW.rated_on IS NOT NULL AND NEW.rating IN ('not-seen', 'seen')
BEGIN
    UPDATE movies SET rated_on = NULL WHERE id = NEW.id;
END;

-- The full-text index's triggers, as 0003 made them (they went with the old table).
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
