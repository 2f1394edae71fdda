-- Matching as people type (titles without their inner punctuation, films by a word of a director), and
-- podcast episodes' lengths.
--
-- movies_fts's unicode61 tokenizer splits words at every punctuation mark, so 'WALL·E' is indexed as
-- 'wall' and 'e', 'E.T.' as 'e' and 't', 'Spider-Man' as 'spider' and 'man': `search walle`, `search et`
-- and `search spiderman` found nothing. movies_title_words indexes, for each title that has them, the
-- title with the marks people leave out when they type a word written with them (. ' ’ · -, the
-- hyphen ‐) removed: 'WALL·E' as 'walle', 'E.T. the Extra-Terrestrial' as 'et the extraterrestrial'.
-- `movies search` looks in it beside movies_fts, as a title match. Diacritics are folded in both
-- indexes (unicode61 remove_diacritics 2: 'amelie' finds 'Amélie').
--
-- It is an external-content table like movies_fts, over the view movie_title_words (a content table
-- may be a view: https://www.sqlite.org/fts5.html#external_content_tables), which computes the text
-- from the title, so movies itself gains no column: `SELECT *` and `sqlite3 .import` into movies see
-- what they saw. The triggers below write the view's value with the same expression, so a row is
-- deleted with exactly the words it was indexed with. Titles without such marks (most) have no row.
-- Rows written by hand are indexed by the triggers.
--
-- movies_directors_fts indexes movies.directors ('Joel Coen, Ethan Coen') with the same tokenizer, so
-- `list --director mann` finds Michael Mann's films by one word of his name, in any case and with or
-- without accents. It is external-content over movies, spelled content='movies', which datasette and
-- sqlite-utils do not recognise (see 0008 and 0011): they go on finding movies_fts. Both are filled
-- for the rows already there; nothing here depends on what the migration before this one did.

CREATE VIEW movie_title_words AS
SELECT id, replace(replace(replace(replace(replace(replace(title, '.', ''), '''', ''), '’', ''), '·', ''), '-', ''), '‐', '') AS title_words FROM movies
WHERE replace(replace(replace(replace(replace(replace(title, '.', ''), '''', ''), '’', ''), '·', ''), '-', ''), '‐', '') <> title;

CREATE VIRTUAL TABLE movies_title_words USING fts5(
    title_words,
    content = 'movie_title_words', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO movies_title_words (movies_title_words) VALUES ('rebuild');

CREATE TRIGGER movies_title_words_after_insert AFTER INSERT ON movies
WHEN replace(replace(replace(replace(replace(replace(NEW.title, '.', ''), '''', ''), '’', ''), '·', ''), '-', ''), '‐', '') <> NEW.title BEGIN
    INSERT INTO movies_title_words (rowid, title_words) VALUES (NEW.id, replace(replace(replace(replace(replace(replace(NEW.title, '.', ''), '''', ''), '’', ''), '·', ''), '-', ''), '‐', ''));
END;

CREATE TRIGGER movies_title_words_after_delete AFTER DELETE ON movies
WHEN replace(replace(replace(replace(replace(replace(OLD.title, '.', ''), '''', ''), '’', ''), '·', ''), '-', ''), '‐', '') <> OLD.title BEGIN
    INSERT INTO movies_title_words (movies_title_words, rowid, title_words)
    VALUES ('delete', OLD.id, replace(replace(replace(replace(replace(replace(OLD.title, '.', ''), '''', ''), '’', ''), '·', ''), '-', ''), '‐', ''));
END;

CREATE TRIGGER movies_title_words_after_update AFTER UPDATE OF title ON movies BEGIN
    INSERT INTO movies_title_words (movies_title_words, rowid, title_words)
    SELECT 'delete', OLD.id, replace(replace(replace(replace(replace(replace(OLD.title, '.', ''), '''', ''), '’', ''), '·', ''), '-', ''), '‐', '') WHERE replace(replace(replace(replace(replace(replace(OLD.title, '.', ''), '''', ''), '’', ''), '·', ''), '-', ''), '‐', '') <> OLD.title;
    INSERT INTO movies_title_words (rowid, title_words)
    SELECT NEW.id, replace(replace(replace(replace(replace(replace(NEW.title, '.', ''), '''', ''), '’', ''), '·', ''), '-', ''), '‐', '') WHERE replace(replace(replace(replace(replace(replace(NEW.title, '.', ''), '''', ''), '’', ''), '·', ''), '-', ''), '‐', '') <> NEW.title;
END;

CREATE VIRTUAL TABLE movies_directors_fts USING fts5(
    directors,
    content='movies', content_rowid='id',
    tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO movies_directors_fts (movies_directors_fts) VALUES ('rebuild');

CREATE TRIGGER movies_directors_fts_after_insert AFTER INSERT ON movies BEGIN
    INSERT INTO movies_directors_fts (rowid, directors) VALUES (NEW.id, NEW.directors);
END;

CREATE TRIGGER movies_directors_fts_after_delete AFTER DELETE ON movies BEGIN
    INSERT INTO movies_directors_fts (movies_directors_fts, rowid, directors) VALUES ('delete', OLD.id, OLD.directors);
END;

CREATE TRIGGER movies_directors_fts_after_update AFTER UPDATE OF directors ON movies BEGIN
    INSERT INTO movies_directors_fts (movies_directors_fts, rowid, directors) VALUES ('delete', OLD.id, OLD.directors);
    INSERT INTO movies_directors_fts (rowid, directors) VALUES (NEW.id, NEW.directors);
END;

-- A podcast episode's length, from its feed's itunes:duration, in seconds (`news list` shows it, and
-- its JSON has it); NULL for anything else. The next refresh fills it for episodes stored before.
ALTER TABLE news_items ADD COLUMN duration_seconds INTEGER CHECK (duration_seconds IS NULL OR duration_seconds >= 0);
