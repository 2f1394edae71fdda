import App
import Basics
import FoundationEssentials
import MoviesCore
import Storage

/// Streams import files into the movie list in one transaction, with one row in memory at a time.
///
/// Three steps, all inside the transaction:
/// 1. Every good row is appended to a temporary table under its title key (`ImportStaging`); a bad row
///    stops the import, unless it is a dry run or `skipInvalid` (then it is reported and left out).
/// 2. The rows of each title and year are placed on their films (`FilmPlacement`: by the ids they
///    carry, by title and year only where they have none), combined (`ImportedFilm`, `ImportedViewing`)
///    and compared with the list as it was before the import: a listed film and its viewings are merged
///    (`MovieMerge`, `ViewingPlan`) and written only when that changes them, else it counts as
///    unchanged; `skip` leaves it, `fail` stops (a dry run lists every such film).
/// 3. The new films are added: first those whose id in the file (own formats) was never used in this
///    list, with that id; then the others in the order they were logged (Letterboxd's and IMDb's
///    dates), so `--sort added` follows the history, with new ids. No id is taken for a film that is
///    skipped or unchanged. Then the viewings of the new films, and the lists the files hold.
///
/// All or nothing: a refused import, or a dry run, rolls everything back.
public struct MovieImporter: Sendable {
    /// The database movies are imported into.
    let database: Database

    /// An importer into `database`'s movie list.
    public init(database: AppDatabase) {
        self.database = database.database
    }

    /// Imports what `reader` yields. `progress` hears the rows read so far and the bytes consumed.
    @discardableResult
    public func run(
        _ reader: MovieImportReader, options: ImportOptions = ImportOptions(), now: Date = Date(),
        progress: ((_ rows: Int, _ bytes: Int) -> Void)? = nil
    ) throws -> ImportSummary {
        try run([reader], options: options, now: now, progress: progress)
    }

    /// Imports several files (the parts of one Letterboxd export) together, in one transaction.
    @discardableResult
    public func run(
        _ readers: [MovieImportReader], options: ImportOptions = ImportOptions(), now: Date = Date(),
        progress: ((_ rows: Int, _ bytes: Int) -> Void)? = nil
    ) throws -> ImportSummary {
        try database.writeWithoutTransaction { connection in
            // A bigger page cache for the length of the import keeps index pages of a large list in
            // memory instead of spilling them to the WAL mid-transaction. (Negative: KiB, not pages.)
            // https://www.sqlite.org/pragma.html#pragma_cache_size
            let previousCacheSize = try connection.scalarInt("PRAGMA cache_size") ?? -2000
            try connection.executeScript("PRAGMA cache_size = -65536")
            defer { try? connection.executeScript("PRAGMA cache_size = \(previousCacheSize)") }

            var summary = ImportSummary()
            try connection.inTransaction(.immediate) {
                let places = RowPlaces(names: readers.map { Self.fileName(of: $0.path) })
                let writer = try ImportWriter(
                    connection: connection, now: Timestamp.string(from: now), places: places)
                defer { writer.dropTables() }
                try read(
                    readers, into: writer, places: places, options: options, summary: &summary,
                    progress: progress)
                try writer.mergeFilms(options: options, summary: &summary)
                try writer.insertNewFilms(summary: &summary)
                var lists: [Int: ImportedList] = [:]
                for (index, reader) in readers.enumerated() { lists[index] = reader.list }
                try writer.writeLists(lists, summary: &summary)
                // A dry run (which reads on past bad rows and duplicates) writes nothing: it only counts.
                let refused = summary.rejectedCount > 0 && !options.skipInvalid
                guard !options.dryRun && !refused && summary.duplicateCount == 0 else { return .rollback }
                summary.isCommitted = true
                return .commit
            }
            return summary
        }
    }

    /// Step 1: the rows of every reader into the writer's staging table.
    private func read(
        _ readers: [MovieImportReader], into writer: ImportWriter, places: RowPlaces, options: ImportOptions,
        summary: inout ImportSummary, progress: ((Int, Int) -> Void)?
    ) throws {
        var bytesBefore = 0
        for (index, reader) in readers.enumerated() {
            while let next = try reader.next() {
                summary.rowsRead += 1
                switch next {
                case .failure(var error):
                    error.file = places.file(of: places.packed(error.line, file: index))
                    summary.reject(error)
                    if !options.dryRun && !options.skipInvalid { throw ImportFailure.rejectedRow(error) }
                case .success(var movie):
                    movie.listEntry?.list = index
                    movie.line = places.packed(movie.line, file: index)
                    if let type = movie.meaning.otherTitleType, !options.includeTV {
                        summary.leftOut += 1
                        if IMDbMapping.titleKind(type) == nil {
                            summary.unknownTitleTypes[type, default: 0] += 1
                        }
                    } else {
                        try writer.stage(movie)
                    }
                }
                if summary.rowsRead % 1024 == 0 {
                    progress?(summary.rowsRead, bytesBefore + reader.bytesRead)
                }
            }
            bytesBefore += reader.bytesRead
            summary.emptyRows += reader.emptyRows
        }
        progress?(summary.rowsRead, bytesBefore)
    }

    /// A file's name as a message gives it: the last part of its path.
    private static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
