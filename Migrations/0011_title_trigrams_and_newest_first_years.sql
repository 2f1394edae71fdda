-- Substring search for titles in scripts written without spaces between words (Chinese, Japanese,
-- Korean, Thai). movies_fts's unicode61 tokenizer cuts text into words only at spaces and punctuation,
-- so 千と千尋の神隠し is one token there and `search 神隠し` cannot find it. SQLite's trigram tokenizer
-- (3.34 or newer; https://sqlite.org/fts5.html#the_trigram_tokenizer) indexes every run of three
-- characters instead, so any substring of three or more characters of a title finds it. Titles only:
-- a trigram index is several times the size of the text it indexes, and a title is what people look
-- for by a piece of it. It is external-content like movies_fts, kept in step by triggers on movies, and
-- built from the titles already there. Its content table is spelled content='movies', which FTS5 reads
-- as content="movies" but datasette and sqlite-utils do not recognise (see 0008): they look for the one
-- table whose definition spells content="movies", and must go on finding movies_fts, the word index.

CREATE VIRTUAL TABLE movies_title_trigrams USING fts5(
    title,
    content='movies', content_rowid='id',
    tokenize = 'trigram'
);
INSERT INTO movies_title_trigrams (movies_title_trigrams) VALUES ('rebuild');

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

-- `list --sort year --reverse` is newest first with the films without a year still last (they have no
-- place among the years): descending by coalesce(year, 0), which needs an index of its own, since SQLite
-- uses an index on an expression only for that same expression (movies_by_year is coalesce(year, 9999)).
CREATE INDEX movies_by_year_newest ON movies (coalesce(year, 0), id);
