import Storage

/// The catalog file's own versioned schema: its migrations, apart from the diary's (`Migrations/`), applied
/// by the same `Migrator` rules (each in its transaction, recorded in `schema_migrations` with its
/// checksum; a file from a newer `movies` refused). A catalog is recognised by its first migration,
/// `create_catalog`, so a diary given where a catalog belongs (or the reverse) is refused untouched.
package enum CatalogSchema {
    package static let migrator = Migrator([createCatalog])

    /// Version 1: the tables a load fills. Numbers of IMDb ids are stored as integers (`tt0113277` is
    /// 113277), as rowids: half the size of the text, and the lookups a diary makes are by rowid.
    static let createCatalog = Migration(
        version: 1, name: "create_catalog",
        sql: """
            -- The film catalog, built by `movies catalog load` from IMDb's datasets
            -- (https://developer.imdb.com/non-commercial-datasets/, personal and non-commercial use only).
            -- Rebuilt whole by each load; nothing here is the diary's own data.

            -- What was loaded, file by file.
            CREATE TABLE catalog_files (
                kind        TEXT    PRIMARY KEY
                            CHECK (kind IN ('title.basics', 'title.akas', 'title.crew', 'title.ratings', 'name.basics')),
                -- The file's name, size and modification time, as the load found them.
                file_name   TEXT    NOT NULL,
                byte_count  INTEGER NOT NULL CHECK (byte_count >= 0),
                modified_at TEXT    NOT NULL,
                rows_read   INTEGER NOT NULL CHECK (rows_read >= 0),
                rows_kept   INTEGER NOT NULL CHECK (rows_kept >= 0),
                loaded_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            ) STRICT;

            -- title.basics: films, TV films, shorts and videos (no series, episodes or games).
            CREATE TABLE titles (
                -- tconst's number: tt0113277 is 113277.
                id              INTEGER PRIMARY KEY,
                -- titleType: movie, tvMovie, short or video.
                kind            TEXT    NOT NULL,
                title           TEXT    NOT NULL,
                original_title  TEXT    NOT NULL,
                is_adult        INTEGER NOT NULL CHECK (is_adult IN (0, 1)),
                -- startYear: the year of release.
                year            INTEGER,
                runtime_minutes INTEGER,
                -- Comma-separated, as published: Action,Crime,Drama.
                genres          TEXT
            ) STRICT;

            -- Every title a film goes by: its primary and original titles (title.basics) and each of its
            -- alternative titles (title.akas, once per film however many regions use it).
            CREATE TABLE title_forms (
                title_id INTEGER NOT NULL,
                title    TEXT    NOT NULL
            ) STRICT;

            -- The words of every form, for `movies find` and for matching a diary's titles; filled after
            -- the load (external content: https://www.sqlite.org/fts5.html#external_content_tables).
            CREATE VIRTUAL TABLE title_search USING fts5(
                title, content = 'title_forms', tokenize = 'unicode61 remove_diacritics 2');

            -- title.crew: a film's directors, in the order IMDb lists them.
            CREATE TABLE directors (
                title_id INTEGER NOT NULL,
                position INTEGER NOT NULL,
                -- nconst's number: nm0000520 is 520.
                name_id  INTEGER NOT NULL,
                PRIMARY KEY (title_id, position)
            ) STRICT, WITHOUT ROWID;

            -- title.ratings: IMDb's weighted average (1–10) and its number of votes.
            CREATE TABLE ratings (
                title_id INTEGER PRIMARY KEY,
                average  REAL    NOT NULL,
                votes    INTEGER NOT NULL
            ) STRICT;

            -- name.basics: the people who direct a film of the catalog.
            CREATE TABLE names (
                id   INTEGER PRIMARY KEY,
                name TEXT    NOT NULL
            ) STRICT;
            """)

    /// The tables of the latest schema as SQL, for the benchmark's `sqlite3` baseline (the same tables).
    package static var sqlForBenchmark: String { migrator.migrations.map(\.sql).joined(separator: "\n") }

    /// `tt0113277` for 113277: two letters and at least seven digits, as IMDb writes its ids.
    package static func imdbID(_ number: Int) -> String {
        let digits = String(number)
        return "tt" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }

    /// 113277 for `tt0113277`; nil when the text is not an IMDb title id.
    package static func number(ofIMDbID text: String) -> Int? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { Fields.identifier($0, prefix: (0x74, 0x74)) }
            .flatMap { $0 < IdentifierSet.limit ? $0 : nil }
    }
}
