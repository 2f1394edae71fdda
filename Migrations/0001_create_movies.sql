-- The movie list: one row per movie.
--
-- Written to be read and written by a person with the sqlite3 command:
--   * ratings are stored as their words, and a CHECK lists the six allowed ones;
--   * timestamps are ISO-8601 UTC text ('2026-11-30T10:20:00.000Z'), dates are 'YYYY-MM-DD';
--   * everything but the title has a default, so
--       INSERT INTO movies (title, rating) VALUES ('Heat', 'good');
--     is a complete row.
-- STRICT makes SQLite refuse a value of the wrong type instead of storing it anyway.
CREATE TABLE movies (
    -- AUTOINCREMENT: a removed movie's number is never handed to a new one, so `#12` keeps meaning one movie.
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    -- NOCASE: 'Heat' and 'HEAT' compare equal and sort together (NOCASE folds ASCII letters only).
    title       TEXT    NOT NULL COLLATE NOCASE
                CHECK (length(trim(title)) > 0 AND length(title) <= 500),
    year        INTEGER
                CHECK (year BETWEEN 1870 AND 2100),
    rating      TEXT    NOT NULL DEFAULT 'not-seen'
                CHECK (rating IN ('not-seen', 'terrible', 'poor', 'decent', 'good', 'excellent')),
    -- The day the movie was (last) watched, 'YYYY-MM-DD'. '+0 days' normalizes an impossible day
    -- ('2024-02-30' becomes '2024-03-01'), so only real days equal themselves.
    watched_on  TEXT
                CHECK (watched_on IS NULL OR date(watched_on, '+0 days') IS watched_on),
    note        TEXT
                CHECK (note IS NULL OR length(note) <= 10000),
    -- Both timestamps must be in the one form above (strftime gives it back unchanged only then).
    -- IS rather than =: for text that is no date strftime is NULL, and a CHECK that is NULL passes.
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                CHECK (created_at IS strftime('%Y-%m-%dT%H:%M:%fZ', created_at)),
    updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                CHECK (updated_at IS strftime('%Y-%m-%dT%H:%M:%fZ', updated_at))
) STRICT;

-- One movie per title and year: 'Heat' (1995) and 'HEAT' (1995) are the same movie. A missing year
-- counts as one value, so 'Heat' without a year cannot be added twice either.
CREATE UNIQUE INDEX movies_unique_title_year ON movies (title, coalesce(year, 0));

-- One index per `movies list --sort` order; each ends with id so pages can continue by key.
-- (--sort added uses the primary key.)
CREATE INDEX movies_by_title  ON movies (title, id);
-- Ratings sort by their place on the scale, worst (1) to best (5), not-seen 0. (An expression rather
-- than a generated column, so the sqlite3 command's .import can fill the table.)
CREATE INDEX movies_by_rating ON movies (
    (CASE rating WHEN 'terrible' THEN 1 WHEN 'poor' THEN 2 WHEN 'decent' THEN 3
                 WHEN 'good' THEN 4 WHEN 'excellent' THEN 5 ELSE 0 END),
    id);
CREATE INDEX movies_by_year   ON movies (coalesce(year, 9999), id);  -- movies without a year sort last

-- Keep updated_at true when a row is changed by hand (the program sets it itself).
-- recursive_triggers is off by default, so this UPDATE does not fire the trigger again.
CREATE TRIGGER movies_touch_updated_at
AFTER UPDATE ON movies
FOR EACH ROW WHEN NEW.updated_at = OLD.updated_at
BEGIN
    UPDATE movies SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id;
END;
