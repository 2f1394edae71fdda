-- The hidden `.NAME.part` files `news download` wrote and kept after a download was cut off: a part is
-- resumed only when the file at that path is still the one recorded here (the same device, inode and
-- size), so a file someone else put there (in a shared folder) is never taken for the start of a
-- download, and the bytes asked for again continue the same version of the file on the server
-- (`validator` is sent as If-Range; a 206 answer must be of `total` bytes).
--
-- path: the part's absolute path (its folder resolved); device, inode: the file's identity as fstat(2)
-- gives it; size: the bytes it held when the attempt ended; validator: the strong ETag or the
-- Last-Modified of the first answer; total: the whole file's size when an answer gave it.
CREATE TABLE download_parts (
    path      TEXT    PRIMARY KEY CHECK (substr(path, 1, 1) = '/'),
    device    INTEGER NOT NULL,
    inode     INTEGER NOT NULL,
    size      INTEGER NOT NULL CHECK (size >= 0),
    validator TEXT    CHECK (validator IS NULL OR length(validator) > 0),
    total     INTEGER CHECK (total IS NULL OR total >= 0)
) STRICT;
