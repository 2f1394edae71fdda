-- The news reading list: subscribed feeds and the items read from them (or added by hand).
--
-- Same conventions as the movies table: STRICT, ISO-8601 UTC timestamps ('2026-11-30T10:20:00.000Z'),
-- CHECKs that spell out what is allowed, defaults for everything but the essentials, so
--     INSERT INTO news_items (guid, title, published_at) VALUES ('note-1', 'Read later', '2026-11-30T10:00:00.000Z');
-- is a complete hand-written item.

CREATE TABLE feeds (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    -- Where the feed is fetched from; only http and https are ever fetched.
    url             TEXT    NOT NULL UNIQUE
                    CHECK (url GLOB 'http://?*' OR url GLOB 'https://?*'),
    title           TEXT,                -- the feed's own title, once fetched
    site_url        TEXT,                -- the web site the feed belongs to
    -- Validators for conditional GET: sent back as If-None-Match / If-Modified-Since, so an unchanged
    -- feed costs a 304 and nothing else.
    etag            TEXT,
    last_modified   TEXT,
    last_fetched_at TEXT    CHECK (last_fetched_at IS NULL
                                   OR last_fetched_at IS strftime('%Y-%m-%dT%H:%M:%fZ', last_fetched_at)),
    last_error      TEXT,                -- why the last fetch failed; NULL after a success
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                    CHECK (created_at IS strftime('%Y-%m-%dT%H:%M:%fZ', created_at))
) STRICT;

CREATE TABLE news_items (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The feed the item came from; NULL for items added by hand or imported from a file, and for
    -- starred items kept after their feed was unsubscribed.
    feed_id      INTEGER REFERENCES feeds (id) ON DELETE CASCADE,
    -- The item's identity within its feed: the feed's guid, else its link (with the date when links
    -- repeat), else its title; stable across refreshes so nothing comes back as new.
    guid         TEXT    NOT NULL CHECK (length(guid) > 0),
    title        TEXT    NOT NULL CHECK (length(trim(title)) > 0),
    summary      TEXT,                   -- plain text, reduced from the feed's HTML
    url          TEXT,
    source       TEXT,                   -- the author or publication
    image_url    TEXT,
    -- When the item was published; the time it was first seen when the feed gives no date, so the
    -- order stays stable.
    published_at TEXT    NOT NULL CHECK (published_at IS strftime('%Y-%m-%dT%H:%M:%fZ', published_at)),
    fetched_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                 CHECK (fetched_at IS strftime('%Y-%m-%dT%H:%M:%fZ', fetched_at)),
    read_at      TEXT    CHECK (read_at IS NULL OR read_at IS strftime('%Y-%m-%dT%H:%M:%fZ', read_at)),
    starred      INTEGER NOT NULL DEFAULT 0 CHECK (starred IN (0, 1))
) STRICT;

-- One item per feed and guid (a refresh updates it in place) ...
CREATE UNIQUE INDEX news_items_unique_feed_guid ON news_items (feed_id, guid) WHERE feed_id IS NOT NULL;
-- ... and one hand-written or imported item per guid.
CREATE UNIQUE INDEX news_items_unique_loose_guid ON news_items (guid) WHERE feed_id IS NULL;

-- Newest first, by key: WHERE (published_at, id) < (?, ?) ORDER BY published_at DESC, id DESC.
CREATE INDEX news_items_newest ON news_items (published_at DESC, id DESC);
-- The same within one feed (`news list --feed N`), and for the foreign key's deletes.
CREATE INDEX news_items_by_feed ON news_items (feed_id, published_at DESC, id DESC);
