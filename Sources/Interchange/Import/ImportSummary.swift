import Basics
import MoviesCore
import UserFacing

/// What to do with a film already on the list before the import (same title key and year).
public enum DuplicatePolicy: String, CaseIterable, Sendable {
    /// Leave the movie as it is and go on (a film the import would not change counts as unchanged).
    case skip
    /// Merge what the import knows into it (see `MovieMerge`).
    case update
    /// Stop: nothing is imported. A dry run lists every such film.
    case fail
}

/// How an import runs.
public struct ImportOptions: Sendable, Hashable {
    public var onDuplicate: DuplicatePolicy
    /// Read everything, report, write nothing.
    public var dryRun: Bool
    /// Import the good rows and report the bad ones, instead of stopping at the first.
    public var skipInvalid: Bool
    /// Take IMDb rows of other title types (series, episodes...), which are left out by default.
    public var includeTV: Bool

    public init(
        onDuplicate: DuplicatePolicy = .skip, dryRun: Bool = false, skipInvalid: Bool = false,
        includeTV: Bool = false
    ) {
        self.onDuplicate = onDuplicate
        self.dryRun = dryRun
        self.skipInvalid = skipInvalid
        self.includeTV = includeTV
    }
}

/// What an import did (or, in a dry run, would do). Rows are counted as read; the outcomes count films:
/// the rows of one film (a diary's re-watches, the files of one export) make one outcome.
public struct ImportSummary: Sendable, Hashable {
    /// A film that was already listed, met under `DuplicatePolicy.fail`.
    public struct Duplicate: Sendable, Hashable {
        /// The first line of the file that names it.
        public var line: Int
        public var existing: Movie
        /// The file, when the import read several.
        public var file: String?
    }

    /// Rows read, good and bad.
    public var rowsRead = 0
    /// Films new to the list.
    public var added = 0
    /// Listed films the import changed.
    public var updated = 0
    /// Listed films the import would not change: nothing was written for them.
    public var unchanged = 0
    /// Listed films the import would change, left as they were (`--on-duplicate skip`).
    public var skipped = 0
    /// Added films whose id in the file (own formats) was used before in this list, given a new one.
    public var renumbered = 0
    /// IMDb rows of other title types, left out (`includeTV` takes them).
    public var leftOut = 0
    /// The films the import added or changed that are seen without a rating when it is done (not those
    /// it left unchanged, so a second import of the same file does not say it again).
    public var seenWithoutRating = 0
    /// Rows that cannot become movies; the first `ImportSummary.reportedLimit` of them are kept.
    public var rejected: [ImportRowError] = []
    public var rejectedCount = 0
    /// Films already listed, under `DuplicatePolicy.fail`; the first `reportedLimit` are kept.
    public var duplicates: [Duplicate] = []
    public var duplicateCount = 0
    /// Whether anything was written (false for a dry run or a refused import).
    public var isCommitted = false
    /// Viewings logged for films, new or listed, and listed viewings the import filled in.
    public var viewingsAdded = 0
    public var viewingsUpdated = 0
    /// Lists the import made, changed, and found as the file has them.
    public var listsAdded = 0
    public var listsUpdated = 0
    public var listsUnchanged = 0

    /// A listed film the import would change, left as it was (`--on-duplicate skip`).
    public struct SkippedFilm: Sendable, Hashable {
        /// The first line of the file that names it.
        public var line: Int
        public var film: Movie
        /// The file, when the import read several.
        public var file: String?
        /// How many of its viewings the import would have added or filled in.
        public var viewings: Int
    }

    /// The first `reportedSkips` films skipped (the count is `skipped`).
    public var skippedFilms: [SkippedFilm] = []
    public static let reportedSkips = 10

    /// Rows that were read but could not be placed on one film (left out, reported by line); the first
    /// `reportedLimit` are kept.
    public var leftOutRows: [ImportRowError] = []
    public var leftOutRowCount = 0

    /// A film whose rating the file and the list disagree on, and which one it has now.
    public struct RatingChoice: Sendable, Hashable {
        public var film: Movie
        public var fileRating: RatingWord
        public var fileStars: StarRating?
        public var fileDay: CalendarDate?
        /// True when the file's rating was newer and was taken; false when the listed one was kept.
        public var fileWins: Bool
        /// True when both ratings were given the same day: a tie, which keeps the listed rating.
        public var isTie: Bool { !fileWins && fileDay != nil && fileDay == film.ratedOn }
    }

    /// The first `reportedLimit` such films.
    public var ratingChoices: [RatingChoice] = []
    public var ratingChoiceCount = 0

    /// IMDb title types the import did not know, with how many rows had each (those rows are left out
    /// with the other titles that are not films, unless `includeTV`).
    public var unknownTitleTypes: [String: Int] = [:]
    /// Rows made only of separators (`,,,,`: a spreadsheet's leftovers), skipped like blank lines.
    public var emptyRows = 0

    /// How many rejected rows (and duplicates) are kept for the report.
    public static let reportedLimit = 100

    public init() {}

    mutating func reject(_ error: ImportRowError) {
        rejectedCount += 1
        if rejected.count < Self.reportedLimit { rejected.append(error) }
    }

    mutating func skip(line: Int, film: Movie, viewings: Int, file: String? = nil) {
        skipped += 1
        Self.keep(
            SkippedFilm(line: line, film: film, file: file, viewings: viewings), in: &skippedFilms,
            limit: Self.reportedSkips, line: \.line)
    }

    mutating func leaveOut(_ error: ImportRowError) {
        leftOutRowCount += 1
        Self.keep(error, in: &leftOutRows, limit: Self.reportedLimit, line: \.line)
    }

    /// Adds `item` to `list` in line order, keeping the `limit` first lines: films are merged a title at
    /// a time (`ImportStaging.forEachGroup`), not in the file's order, and the report lists them as the
    /// file has them.
    private static func keep<Item>(_ item: Item, in list: inout [Item], limit: Int, line: (Item) -> Int) {
        let place = list.firstIndex { line($0) > line(item) } ?? list.endIndex
        guard place < limit else { return }
        list.insert(item, at: place)
        if list.count > limit { list.removeLast() }
    }

    mutating func chooseRating(_ choice: MovieMerge.RatingChoice, film: Movie) {
        ratingChoiceCount += 1
        if ratingChoices.count < Self.reportedLimit {
            ratingChoices.append(
                RatingChoice(
                    film: film, fileRating: choice.fileRating, fileStars: choice.fileStars,
                    fileDay: choice.fileDay, fileWins: choice.fileWins))
        }
    }

    mutating func meetDuplicate(line: Int, existing: Movie, file: String? = nil) {
        duplicateCount += 1
        Self.keep(
            Duplicate(line: line, existing: existing, file: file), in: &duplicates, limit: Self.reportedLimit,
            line: \.line)
    }
}

/// Why an import stopped without writing anything.
public enum ImportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// A row cannot become a movie (the default is to stop at the first).
    case rejectedRow(ImportRowError)
    /// A film was already listed, and the policy is `fail`.
    case duplicate(line: Int, existing: Movie, file: String? = nil)

    public var description: String {
        switch self {
        case .rejectedRow(let error):
            "\(error); nothing was imported (--dry-run lists every bad row, --skip-invalid imports the rest)"
        case .duplicate(let line, let existing, let file):
            (file.map { "\($0), " } ?? "")
                + "line \(line): \(existing.titleWithYear) is already on the list as id \(existing.id); nothing was imported "
                + "(--on-duplicate skip or update goes on; --dry-run lists every one)"
        }
    }
}

extension ImportFailure: UserFacingError {
    package var message: String { description.capitalizingFirstLetter() }
    package var exitCode: ExitCode { .failure }
}
