-- What a feed's last fetched document was like, rules that keep items out, and saved searches.
--
-- recovered_from: why the last document fetched was not well-formed XML, when it was read all the same
-- in libxml2's recovery mode ('malformed XML at line 103: ...'); NULL for a well-formed one. `news
-- feeds` shows it, so a feed that only reads by recovery is known.
ALTER TABLE feeds ADD COLUMN recovered_from TEXT CHECK (recovered_from IS NULL OR length(recovered_from) > 0);
-- undated_items: how many items of the last document fetched gave a date that could not be read (they
-- are dated when first seen).
ALTER TABLE feeds ADD COLUMN undated_items INTEGER NOT NULL DEFAULT 0 CHECK (undated_items >= 0);

-- An item's source is its author from now on, never its feed's title (that is the feed's): items a
-- refresh stored with their feed's title for want of an author lose it, which `feeds.title` still holds.
UPDATE news_items
SET source = NULL
WHERE feed_id IS NOT NULL AND source = (SELECT feeds.title FROM feeds WHERE feeds.id = news_items.feed_id);

-- Rules that keep items out (newsboat's ignore-article): an item a refresh brings that matches every
-- condition a rule gives is not stored. Substrings match without regard to ASCII case; older_than_days
-- compares the item's publication date with the time of the refresh. A rule without a feed holds for
-- every feed; one with a feed only goes with it.
CREATE TABLE news_ignore_rules (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    feed_id         INTEGER REFERENCES feeds (id) ON DELETE CASCADE,
    title_contains  TEXT    CHECK (title_contains IS NULL OR length(title_contains) > 0),
    author_contains TEXT    CHECK (author_contains IS NULL OR length(author_contains) > 0),
    older_than_days INTEGER CHECK (older_than_days IS NULL OR older_than_days > 0),
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                    CHECK (created_at IS strftime('%Y-%m-%dT%H:%M:%fZ', created_at)),
    CHECK (feed_id IS NOT NULL OR title_contains IS NOT NULL OR author_contains IS NOT NULL
           OR older_than_days IS NOT NULL)
) STRICT;

-- Saved searches, listed like a feed (`news list --query NAME`): full-text words as `news search` takes
-- them, and whether only unread items count.
CREATE TABLE news_saved_searches (
    name        TEXT    PRIMARY KEY CHECK (length(trim(name)) > 0),
    words       TEXT    NOT NULL CHECK (length(trim(words)) > 0),
    unread_only INTEGER NOT NULL DEFAULT 0 CHECK (unread_only IN (0, 1)),
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                CHECK (created_at IS strftime('%Y-%m-%dT%H:%M:%fZ', created_at))
) STRICT, WITHOUT ROWID;
