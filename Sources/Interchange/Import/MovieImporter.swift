import Basics
import Foundation
import MoviesCore
import Storage

/// What to do with a row whose title and year are already on the list (or earlier in the file).
public enum DuplicatePolicy: String, CaseIterable, Sendable {
    /// Leave the movie as it is and go on.
    case skip
    /// Take the row's rating, stars, watched date, note and links (a not-seen row keeps the rating).
    case update
    /// Stop: nothing is imported.
    case fail
}

/// What an import did (or, in a dry run, would do).
public struct ImportSummary: Sendable, Hashable {
    /// Rows read, good and bad.
    public var rowsRead = 0
    public var added = 0
    public var updated = 0
    /// Rows skipped as duplicates.
    public var skipped = 0
    /// Rows that cannot become movies; the first `ImportSummary.reportedLimit` of them are kept.
    public var rejected: [ImportRowError] = []
    public var rejectedCount = 0
    /// Rows saying the movie was watched but giving no rating (Letterboxd's watched.csv): imported as
    /// `not-seen`, since the list has no word for "seen, not rated".
    public var watchedWithoutRating = 0
    /// Whether anything was written (false for a dry run or a refused import).
    public var isCommitted = false

    /// How many rejected rows are kept for the report.
    public static let reportedLimit = 100
}

extension ImportSummary {
    /// Adds written rows' outcomes to the counts.
    fileprivate mutating func count(_ outcomes: [RowInserter.Outcome]) {
        for outcome in outcomes {
            switch outcome {
            case .added: added += 1
            case .updated: updated += 1
            case .skipped: skipped += 1
            }
        }
    }
}

/// Why an import stopped without writing anything.
public enum ImportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// A row cannot become a movie (the default is to stop at the first).
    case rejectedRow(ImportRowError)
    /// A row duplicates a movie already listed, and the policy is `fail`.
    case duplicate(line: Int, existing: Movie)

    public var description: String {
        switch self {
        case .rejectedRow(let error):
            "\(error); nothing was imported (--dry-run lists every bad row)"
        case .duplicate(let line, let existing):
            "line \(line): \(existing.titleWithYear) is already on the list as #\(existing.id); nothing was imported "
                + "(--on-duplicate skip or update goes on)"
        }
    }
}

/// Streams an import file into the movie list: one transaction for the whole file, one reused
/// prepared statement, one row in memory at a time.
///
/// All or nothing: a bad row (or, with `.fail`, a duplicate) rolls everything back. A dry run reads the
/// whole file, reports every bad row and what would be added, updated or skipped, and rolls back.
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
        _ reader: MovieImportReader, onDuplicate policy: DuplicatePolicy = .skip, dryRun: Bool = false,
        now: Date = Date(), progress: ((_ rows: Int, _ bytes: Int) -> Void)? = nil
    ) throws -> ImportSummary {
        try run([reader], onDuplicate: policy, dryRun: dryRun, now: now, progress: progress)
    }

    /// Imports several files (the parts of one Letterboxd export) in order, in one transaction.
    @discardableResult
    public func run(
        _ readers: [MovieImportReader], onDuplicate policy: DuplicatePolicy = .skip, dryRun: Bool = false,
        now: Date = Date(), progress: ((_ rows: Int, _ bytes: Int) -> Void)? = nil
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
                let inserter = RowInserter(
                    connection: connection, policy: policy, now: Timestamp.string(from: now))
                var bytesBefore = 0
                for reader in readers {
                    while let next = try reader.next() {
                        summary.rowsRead += 1
                        switch next {
                        case .failure(let error):
                            summary.rejectedCount += 1
                            if summary.rejected.count < ImportSummary.reportedLimit {
                                summary.rejected.append(error)
                            }
                            if !dryRun { throw ImportFailure.rejectedRow(error) }
                        case .success(let movie):
                            if movie.watched && movie.rating == .notSeen {
                                summary.watchedWithoutRating += 1
                            }
                            summary.count(try inserter.add(movie))
                        }
                        if summary.rowsRead % 1024 == 0 {
                            progress?(summary.rowsRead, bytesBefore + reader.bytesRead)
                        }
                    }
                    bytesBefore += reader.bytesRead
                }
                summary.count(try inserter.flush())
                progress?(summary.rowsRead, bytesBefore)
                // A dry run (which reads on past bad rows) writes nothing: it only counts.
                guard !dryRun && summary.rejectedCount == 0 else { return .rollback }
                summary.isCommitted = true
                return .commit
            }
            return summary
        }
    }
}

/// Inserts imported rows with statements compiled once for the whole import, `MovieRow.batchSize` rows
/// per statement (see there for why), and applies the duplicate policy.
///
/// A batch that fails (a duplicate with `.fail`, an id already taken) is replayed row by row, which
/// finds the row and its line.
final class RowInserter {
    enum Outcome {
        case added
        case updated
        case skipped
    }

    let connection: Connection
    let policy: DuplicatePolicy
    /// The time stamped on rows that bring none, computed once.
    let now: String
    private let conflict: String
    private var pending: [ImportedMovie] = []

    init(connection: Connection, policy: DuplicatePolicy, now: String) {
        self.connection = connection
        self.policy = policy
        self.now = now
        pending.reserveCapacity(MovieRow.batchSize)
        conflict =
            switch policy {
            case .fail: ""
            case .skip: "ON CONFLICT (title, coalesce(year, 0)) DO NOTHING"
            case .update:
                """
                ON CONFLICT (title, coalesce(year, 0)) DO UPDATE SET
                    rating = iif(excluded.rating = 'not-seen', rating, excluded.rating),
                    stars = iif(excluded.rating = 'not-seen', stars, excluded.stars),
                    watched_on = coalesce(excluded.watched_on, watched_on),
                    note = coalesce(excluded.note, note),
                    imdb_id = coalesce(excluded.imdb_id, imdb_id),
                    letterboxd_uri = coalesce(excluded.letterboxd_uri, letterboxd_uri),
                    updated_at = excluded.updated_at
                """
            }
    }

    /// Queues a row; writes a batch when one is full. Returns the outcomes of the rows written.
    func add(_ movie: ImportedMovie) throws -> [Outcome] {
        pending.append(movie)
        return pending.count == MovieRow.batchSize ? try flush() : []
    }

    /// Writes the queued rows.
    func flush() throws -> [Outcome] {
        guard !pending.isEmpty else { return [] }
        defer { pending.removeAll(keepingCapacity: true) }
        // With `.update` a row may insert or update, which one statement per row tells apart.
        if policy != .update {
            do {
                let statement = try batchStatement(rows: pending.count)
                for (row, movie) in pending.enumerated() {
                    try MovieRow.bind(
                        movie.record, id: movie.id, to: statement,
                        offset: Int32(row) * MovieRow.columns.count,
                        now: now)
                }
                try statement.run()
                let added = connection.changedRowCount
                return Array(repeating: .added, count: added)
                    + Array(repeating: .skipped, count: pending.count - added)
            } catch let error as StorageError where error.isConstraintViolation {
                // The failed statement changed nothing (statement journal); replay row by row to find
                // which row conflicts and deal with it as a single row would be.
            }
        }
        return try pending.map(insertOne)
    }

    private func batchStatement(rows: Int) throws -> Statement {
        try connection.cachedStatement(MovieRow.insertSQL(rows: rows, clause: conflict))
    }

    private func insertOne(_ movie: ImportedMovie) throws -> Outcome {
        do {
            return try run(movie, id: movie.id)
        } catch let error as StorageError where error.isSQLite(.constraintPrimaryKey) && movie.id != nil {
            // The file's id is taken by another movie on this list: keep the movie, give it a new id.
            return try run(movie, id: nil)
        } catch let error as StorageError where error.isSQLite(.constraintUnique) {
            let draft = MovieDraft(title: movie.title, year: movie.year)
            guard let existing = try MovieStore.sameMovie(as: draft, excluding: nil, in: connection) else {
                throw error
            }
            throw ImportFailure.duplicate(line: movie.line, existing: existing)
        }
    }

    private func run(_ movie: ImportedMovie, id: Int64?) throws -> Outcome {
        let statement = try batchStatement(rows: 1)
        try MovieRow.bind(movie.record, id: id, to: statement, offset: 0, now: now)
        // An upsert that updates leaves last_insert_rowid alone; starting from 0 tells the two apart.
        // https://www.sqlite.org/c3ref/set_last_insert_rowid.html
        connection.lastInsertedRowID = 0
        try statement.run()
        if connection.changedRowCount == 0 { return .skipped }
        return connection.lastInsertedRowID != 0 ? .added : .updated
    }
}

extension ImportFailure: UserFacingError {
    package var message: String { description.capitalizingFirstLetter() }
    package var exitCode: ExitCode { .failure }
}
