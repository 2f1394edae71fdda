-- What other services know about a movie, kept so an import can be exported back without loss:
--   stars           Letterboxd's half-star rating, 0.5 to 5 (IMDb's 1-10 maps onto it exactly: 7/10 is 3.5);
--                   it always agrees with the rating word (3.5-4 stars is 'good').
--   imdb_id         IMDb's title id, 'tt0113277'.
--   letterboxd_uri  The film's Letterboxd address.
ALTER TABLE movies ADD COLUMN stars REAL
    CHECK (stars IS NULL OR (stars BETWEEN 0.5 AND 5 AND stars * 2 = CAST(stars * 2 AS INTEGER)));
ALTER TABLE movies ADD COLUMN imdb_id TEXT
    CHECK (imdb_id IS NULL OR (imdb_id GLOB 'tt[0-9][0-9]*' AND NOT substr(imdb_id, 3) GLOB '*[^0-9]*'));
ALTER TABLE movies ADD COLUMN letterboxd_uri TEXT
    CHECK (letterboxd_uri IS NULL OR letterboxd_uri GLOB 'https://?*');

-- A rating changed by hand to a word the stars do not fit drops the stars (they no longer say what the
-- person thinks). The program does the same itself when it changes a rating.
CREATE TRIGGER movies_stars_follow_rating
AFTER UPDATE OF rating ON movies
FOR EACH ROW WHEN NEW.stars IS NOT NULL AND NEW.rating IS NOT (
    CASE CAST(NEW.stars * 2 + 1 AS INTEGER) / 2
        WHEN 1 THEN 'terrible' WHEN 2 THEN 'poor' WHEN 3 THEN 'decent' WHEN 4 THEN 'good' ELSE 'excellent'
    END)
BEGIN
    UPDATE movies SET stars = NULL WHERE id = NEW.id;
END;
