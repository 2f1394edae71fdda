-- Starred items kept after an unsubscribe remember the feed they came from, and feed addresses are
-- stored normalised.
--
-- kept_from: the address of the feed a starred item was kept from when that feed was unsubscribed; ''
-- for every other item (a feed's own items, items written by hand or imported from a file). Two feeds
-- may give their items the same guids, so a loose item is unique by (kept_from, guid), not by its guid
-- alone: with the guid alone, unsubscribing the second of two such feeds deleted its starred items.
-- Starred items kept before this migration keep '' (their feed's address was not recorded).
ALTER TABLE news_items ADD COLUMN kept_from TEXT NOT NULL DEFAULT ''
    CHECK (kept_from = ''
           OR (feed_id IS NULL AND (kept_from GLOB 'http://?*' OR kept_from GLOB 'https://?*')));

DROP INDEX news_items_unique_loose_guid;
-- One hand-written or imported item per guid, and one kept item per feed address and guid.
CREATE UNIQUE INDEX news_items_unique_loose_key ON news_items (kept_from, guid) WHERE feed_id IS NULL;

-- Feed addresses as the program now stores every address it is given: scheme and host in lower case
-- and the scheme's default port (http 80, https 443) or an empty port left out, as RFC 3986 section
-- 6.2.3 allows (https://www.rfc-editor.org/rfc/rfc3986#section-6.2.3); the user name, path, query and
-- fragment as they were, since a server may tell their cases apart. Schemes are lower case already
-- (the CHECK on feeds.url). SQLite's lower() changes ASCII letters only, as the program does. A feed
-- subscribed under two spellings of one address keeps both subscriptions: UPDATE OR IGNORE leaves the
-- second spelling as it was rather than fail on the UNIQUE address.
CREATE TEMP TABLE normalised_feed_addresses (id INTEGER PRIMARY KEY, url TEXT NOT NULL);

WITH split AS (
    SELECT id, substr(url, 1, instr(url, '://') + 2) AS scheme, substr(url, instr(url, '://') + 3) AS rest
    FROM feeds
),
-- The authority ends at the first '/', '?' or '#' (or with the address).
bounded AS (
    SELECT id, scheme, rest,
           min(CASE instr(rest, '/') WHEN 0 THEN length(rest) + 1 ELSE instr(rest, '/') END,
               CASE instr(rest, '?') WHEN 0 THEN length(rest) + 1 ELSE instr(rest, '?') END,
               CASE instr(rest, '#') WHEN 0 THEN length(rest) + 1 ELSE instr(rest, '#') END) AS stop
    FROM split
),
-- The user information, up to an '@', keeps its case; the host and port after it are lower-cased.
parts AS (
    SELECT id, scheme, substr(rest, stop) AS tail,
           substr(substr(rest, 1, stop - 1), 1, instr(substr(rest, 1, stop - 1), '@')) AS user,
           lower(substr(substr(rest, 1, stop - 1), instr(substr(rest, 1, stop - 1), '@') + 1)) AS host_port
    FROM bounded
)
INSERT INTO normalised_feed_addresses (id, url)
SELECT id, scheme || user
           || CASE
                WHEN scheme = 'http://' AND host_port LIKE '%:80' THEN substr(host_port, 1, length(host_port) - 3)
                WHEN scheme = 'https://' AND host_port LIKE '%:443' THEN substr(host_port, 1, length(host_port) - 4)
                WHEN host_port LIKE '%:' THEN substr(host_port, 1, length(host_port) - 1)
                ELSE host_port
              END
           || tail
FROM parts;

UPDATE OR IGNORE feeds
SET url = (SELECT normalised.url FROM normalised_feed_addresses AS normalised WHERE normalised.id = feeds.id)
WHERE url IS NOT (SELECT normalised.url FROM normalised_feed_addresses AS normalised WHERE normalised.id = feeds.id);

DROP TABLE normalised_feed_addresses;
