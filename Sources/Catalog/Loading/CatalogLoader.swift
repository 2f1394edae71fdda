import Basics
import Storage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds a catalog from IMDb's dataset files, into a new file that replaces the old one only once it
/// is whole.
///
/// The new catalog is written to a scratch file beside the catalog (`ReplacementFile`: `0600`, removed
/// by a signal or a failure) and renamed over it at the end, so an interrupted or refused load leaves the
/// previous catalog exactly as it was, and readers of the old one keep reading it. One load at a time
/// writes a catalog (`ReplacementLock`: a second is refused, naming the first), and each begins by
/// removing the scratch files of loads that are no longer running (`ReplacementLeftovers`: `kill -9`
/// leaves one of up to gigabytes), so running the load again starts clean. Each file is streamed (a
/// gzip buffer and a line buffer: memory does not follow the files) and stored in one transaction
/// through prepared statements reused for every row; the search index is built once, after the rows
/// are in.
package struct CatalogLoader {
    /// How far a load has come: the file being read, and its compressed bytes read of its size.
    package typealias Progress = (_ kind: DatasetKind, _ done: Int, _ total: Int) -> Void

    /// The catalog file the load replaces.
    package let catalogPath: String

    package init(catalogPath: String) {
        self.catalogPath = catalogPath
    }

    /// Loads `files` (in load order, `title.basics` first: see `DatasetFile.files(at:)`) and replaces the
    /// catalog with the result; returns what the new catalog holds. `removed` hears of the scratch files
    /// of earlier loads that were removed (only when there were any), before the load begins.
    package func load(
        _ files: [DatasetFile], removed: (ReplacementLeftovers) -> Void = { _ in },
        progress: Progress = { _, _, _ in }
    ) throws -> CatalogStatus {
        if let reason = ZlibLibrary.unavailableReason { throw CatalogError.zlibUnavailable(reason) }
        // A load replaces a catalog, of any version, and nothing else: not another program's database
        // or a file that happens to have the catalog's name.
        if let reason = CatalogSchema.migrator.whyNotReplaceable(catalogPath) {
            throw CatalogError.notACatalog(path: catalogPath, reason: reason)
        }
        // The list's folder may not exist yet: a catalog can be loaded before the first movie.
        try DatabaseFile.createFolders(for: catalogPath)
        let lock: ReplacementLock
        do {
            lock = try ReplacementLock(for: catalogPath, displayPath: catalogPath)
        } catch let held as ReplacementLockHeld {
            throw CatalogError.loadRunning(path: catalogPath, processID: held.processID)
        }
        defer { lock.release() }
        let leftovers = ReplacementLeftovers(beside: catalogPath)
        if !leftovers.paths.isEmpty {
            let cleared = leftovers.remove()
            if !cleared.paths.isEmpty { removed(cleared) }
        }
        let scratch = try ReplacementFile(replacing: catalogPath, displayPath: catalogPath)
        // SQLite opens the scratch file by its name, and its journal beside it goes with it.
        scratch.handOverToSQLite()
        try build(files, at: scratch.temporaryPath, progress: progress)
        try scratch.commit()
        return try CatalogReader(path: catalogPath).status()
    }

    /// Writes the whole catalog into the new file at `path`.
    private func build(_ files: [DatasetFile], at path: String, progress: Progress) throws {
        var configuration = DatabaseConfiguration()
        configuration.readsThroughWriter = true
        configuration.checkBeforeWriting = { try CatalogSchema.migrator.checkCanMigrate($0) }
        let database = try Database(path: path, configuration: configuration)
        try CatalogSchema.migrator.migrate(database)
        try database.writeWithoutTransaction { connection in
            // A scratch file that is thrown away on any failure needs neither a rollback journal nor an
            // fsync per transaction: journal_mode OFF (https://www.sqlite.org/pragma.html#pragma_journal_mode)
            // and synchronous OFF (https://www.sqlite.org/pragma.html#pragma_synchronous) make each
            // transaction a plain write of its pages; the rename at the end (after an fsync of the whole
            // file) is what makes the catalog durable. EXCLUSIVE locking keeps the lock between transactions
            // (https://www.sqlite.org/pragma.html#pragma_locking_mode). Every table is written in rowid or
            // key order (the files are sorted by id), so a 16 MiB page cache holds what the inserts touch
            // (https://www.sqlite.org/pragma.html#pragma_cache_size); it is most of the load's peak
            // memory, which it bounds whatever the files' size.
            try connection.executeScript(
                """
                PRAGMA journal_mode = OFF;
                PRAGMA synchronous = OFF;
                PRAGMA locking_mode = EXCLUSIVE;
                PRAGMA cache_size = -16384;
                """)
            try connection.withoutRowTracking {
                var state = LoadState()
                for file in files {
                    try connection.writeTransaction {
                        let counts = try DatasetInserter.insert(
                            file, into: connection, state: &state, progress: progress)
                        try connection.execute(
                            """
                            INSERT INTO catalog_files (kind, file_name, byte_count, modified_at, rows_read, rows_kept)
                            VALUES (?, ?, ?, ?, ?, ?)
                            """,
                            arguments: [
                                file.kind.rawValue,
                                file.path.split(separator: "/").last.map(String.init) ?? file.path,
                                file.byteCount, file.modifiedAt, counts.read, counts.kept,
                            ])
                    }
                }
                try connection.writeTransaction {
                    // The index is written once, from the finished table: far faster than row by row.
                    try connection.execute("INSERT INTO title_search (title_search) VALUES ('rebuild')")
                }
            }
            // Back to a rollback journal, the default, so the finished file is one file on its own (no
            // -wal beside it to rename with it) and a read-only reader needs nothing but it.
            try connection.executeScript("PRAGMA journal_mode = DELETE")
        }
    }
}

/// What one load keeps between its files: which films it holds (from title.basics) and which people
/// direct them (from title.crew).
struct LoadState {
    var titles = IdentifierSet()
    var directors = IdentifierSet()
}
