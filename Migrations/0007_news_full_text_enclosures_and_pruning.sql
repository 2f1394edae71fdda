-- What a feed reader keeps of an article beyond its short text, and what it has let go.
--
-- content: the fullest text the feed gives (RSS content:encoded, Atom content, JSON Feed content_html,
-- else the description), laid out for a terminal with its links numbered and listed under it; NULL for
-- an item without one (written by hand, or stored before this migration: the next refresh fills it).
-- `summary` stays the short text, for lists and search.
ALTER TABLE news_items ADD COLUMN content TEXT;

-- The files attached to an item (podcast audio, video, images), in the feed's order.
CREATE TABLE news_enclosures (
    item_id   INTEGER NOT NULL REFERENCES news_items (id) ON DELETE CASCADE,
    position  INTEGER NOT NULL CHECK (position >= 1),
    url       TEXT    NOT NULL CHECK (length(url) > 0),
    mime_type TEXT,                      -- as the feed gives it, lower case; NULL when not given
    length    INTEGER CHECK (length IS NULL OR length > 0),   -- bytes, as the feed declares them
    PRIMARY KEY (item_id, position)
) STRICT, WITHOUT ROWID;

-- The identities of items `news prune` removed from a feed, so that a refresh does not bring them back
-- while the feed still lists them. They go with their feed.
CREATE TABLE news_pruned_items (
    feed_id   INTEGER NOT NULL REFERENCES feeds (id) ON DELETE CASCADE,
    guid      TEXT    NOT NULL CHECK (length(guid) > 0),
    pruned_at TEXT    NOT NULL CHECK (pruned_at IS strftime('%Y-%m-%dT%H:%M:%fZ', pruned_at)),
    PRIMARY KEY (feed_id, guid)
) STRICT, WITHOUT ROWID;

-- Where a feed's last fetch was answered from in the end, after redirects, when that is not its own
-- address (NULL otherwise): a feed subscribed through a temporary redirect keeps the address typed, and
-- this is how subscribing to the address it leads to is known to be the same feed.
ALTER TABLE feeds ADD COLUMN fetched_from TEXT
    CHECK (fetched_from IS NULL OR fetched_from GLOB 'http://?*' OR fetched_from GLOB 'https://?*');
CREATE INDEX feeds_by_fetched_from ON feeds (fetched_from) WHERE fetched_from IS NOT NULL;

-- The folder a feed is filed under (an OPML import's enclosing <outline text="Tech">); NULL for none.
ALTER TABLE feeds ADD COLUMN folder TEXT CHECK (folder IS NULL OR length(trim(folder)) > 0);
