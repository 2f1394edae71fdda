-- Full-text search over movie titles and notes, and news titles and summaries.
--
-- FTS5 "external content" tables: the text lives once, in movies and news_items; these tables hold only
-- the index, kept in step by the triggers below (https://www.sqlite.org/fts5.html#external_content_tables).
-- unicode61 with remove_diacritics 2: case-insensitive, 'Amelie' finds 'Amélie'. Words are split at
-- spaces and punctuation; a run of CJK characters counts as one word (search it by its start).
--
-- Try it:  SELECT title FROM movies_fts WHERE movies_fts MATCH 'heat' ORDER BY rank;

CREATE VIRTUAL TABLE movies_fts USING fts5(
    title, note,
    content = 'movies', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

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

CREATE VIRTUAL TABLE news_items_fts USING fts5(
    title, summary,
    content = 'news_items', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER news_items_fts_after_insert AFTER INSERT ON news_items BEGIN
    INSERT INTO news_items_fts (rowid, title, summary) VALUES (NEW.id, NEW.title, NEW.summary);
END;

CREATE TRIGGER news_items_fts_after_delete AFTER DELETE ON news_items BEGIN
    INSERT INTO news_items_fts (news_items_fts, rowid, title, summary)
    VALUES ('delete', OLD.id, OLD.title, OLD.summary);
END;

CREATE TRIGGER news_items_fts_after_update AFTER UPDATE OF title, summary ON news_items BEGIN
    INSERT INTO news_items_fts (news_items_fts, rowid, title, summary)
    VALUES ('delete', OLD.id, OLD.title, OLD.summary);
    INSERT INTO news_items_fts (rowid, title, summary) VALUES (NEW.id, NEW.title, NEW.summary);
END;

-- Index what is already there.
INSERT INTO movies_fts (movies_fts) VALUES ('rebuild');
INSERT INTO news_items_fts (news_items_fts) VALUES ('rebuild');
