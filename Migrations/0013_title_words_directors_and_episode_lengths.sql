-- Matching as people type: titles found without their inner punctuation, films by a word of a director.
--
-- movies_fts's unicode61 tokenizer splits words at every punctuation mark, so 'WALL·E' is indexed as
-- 'wall' and 'e', 'E.T.' as 'e' and 't', 'Spider-Man' as 'spider' and 'man': `search walle`, `search et`
-- and `search spiderman` found nothing. movies gains title_words, the title with the marks people leave
-- out when they type a word written with them (. ' ’ · - ‐) removed, or NULL when the title has none,
-- and movies_fts indexes it beside title and note: 'WALL·E' is found as 'wall', 'e' and 'walle'.
-- Diacritics are folded in the index as before (unicode61 remove_diacritics 2: 'amelie' finds
-- 'Amélie'). title_words is a generated column, so a row written by hand gets it as the program's do
-- (https://www.sqlite.org/gencol.html); VIRTUAL, the only kind ALTER TABLE can add, so it takes no
-- space in the table and is computed when the index reads it. pragma table_info leaves it out
-- (https://www.sqlite.org/pragma.html#pragma_table_info).
--
-- movies_directors_fts indexes movies.directors ('Joel Coen, Ethan Coen') with the same tokenizer, so
-- `list --director mann` finds Michael Mann's films by one word of his name, in any case and with or
-- without accents. It is spelled content='movies', which datasette and sqlite-utils do not recognise
-- (see 0008 and 0011): they go on finding movies_fts.
--
-- SQLite cannot change a virtual table's columns, so movies_fts is dropped, declared again with the
-- new column and the spelling 0008 gave it, and rebuilt from movies for the rows already there
-- (https://www.sqlite.org/fts5.html#the_rebuild_command); its triggers, which name its columns, are
-- made again. Whatever made them before (0005, 0009 or a later migration), they are dropped by name.

ALTER TABLE movies ADD COLUMN title_words TEXT GENERATED ALWAYS AS (
    nullif(
        replace(replace(replace(replace(replace(replace(title, '.', ''), '''', ''), '’', ''), '·', ''), '-', ''), '‐', ''),
        title)
) VIRTUAL;

DROP TRIGGER IF EXISTS movies_fts_after_insert;
DROP TRIGGER IF EXISTS movies_fts_after_delete;
DROP TRIGGER IF EXISTS movies_fts_after_update;
DROP TABLE movies_fts;

CREATE VIRTUAL TABLE movies_fts USING fts5(
    title, note, title_words,
    content="movies", content_rowid="id",
    tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO movies_fts (movies_fts) VALUES ('rebuild');

CREATE TRIGGER movies_fts_after_insert AFTER INSERT ON movies BEGIN
    INSERT INTO movies_fts (rowid, title, note, title_words) VALUES (NEW.id, NEW.title, NEW.note, NEW.title_words);
END;

CREATE TRIGGER movies_fts_after_delete AFTER DELETE ON movies BEGIN
    INSERT INTO movies_fts (movies_fts, rowid, title, note, title_words)
    VALUES ('delete', OLD.id, OLD.title, OLD.note, OLD.title_words);
END;

CREATE TRIGGER movies_fts_after_update AFTER UPDATE OF title, note ON movies BEGIN
    INSERT INTO movies_fts (movies_fts, rowid, title, note, title_words)
    VALUES ('delete', OLD.id, OLD.title, OLD.note, OLD.title_words);
    INSERT INTO movies_fts (rowid, title, note, title_words) VALUES (NEW.id, NEW.title, NEW.note, NEW.title_words);
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
