import Basics
import Foundation
import Interchange
import MoviesCore

/// `movies import <file> [--from F] [--dry-run] [--on-duplicate skip|update|fail]`
enum ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Import movies from Letterboxd, IMDb, or this program's own export.",
        discussion: """
            The format is told from the file's header unless --from says it. Letterboxd: ratings.csv, \
            watched.csv, watchlist.csv, diary.csv, reviews.csv, a whole export folder or its .zip (stars map \
            to words: ½–1 terrible, 1½–2 poor, 2½–3 decent, 3½–4 good, 4½–5 excellent, and are kept). IMDb: \
            ratings.csv (old and new columns; n/10 is n half-stars). Own: csv, tsv, json, ndjson as \
            `movies export` writes them, read back field for field.

            All or nothing: the import is one transaction, and a bad row stops it with its line number and \
            nothing written. --dry-run reads everything, reports every bad row and what would change, and \
            writes nothing.
            """,
        arguments: [
            ArgumentSpec(name: "file", help: "The file, Letterboxd export folder, or .zip to import.")
        ],
        options: [
            OptionSpec(
                name: "from", kind: .value(name: "format"),
                help: "The file's format, when its header does not tell.",
                allowedValues: MovieImportFormat.allCases.map(\.rawValue)),
            OptionSpec(
                name: "dry-run", short: "n", kind: .flag, help: "Report what would happen; write nothing."),
            OptionSpec(
                name: "on-duplicate", kind: .value(name: "policy"),
                help: """
                    What to do with a movie already listed (same title and year): skip it, update it from the \
                    row, or stop (fail) and import nothing.
                    """,
                allowedValues: DuplicatePolicy.allCases.map(\.rawValue),
                defaultValue: "skip; update for a folder or .zip"),
        ],
        examples: [
            "movies import ~/Downloads/letterboxd-export.zip",
            "movies import ratings.csv --dry-run",
            "movies import movies.json --on-duplicate update",
        ])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let path = arguments.string("file") ?? ""
        let format = arguments.string("from").flatMap(MovieImportFormat.init(rawValue:))
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputFileError.missing(path: path, reason: "no such file")
        }
        // Open (and detect) every file before the database, so a bad file changes nothing.
        let isExport = isDirectory.boolValue || path.lowercased().hasSuffix(".zip")
        let readers: [MovieImportReader]
        if isDirectory.boolValue {
            readers = try LetterboxdExportFolder.readers(in: path)
        } else if isExport {
            readers = try LetterboxdExportZip.readers(of: path)
        } else {
            do {
                readers = [try MovieImportReader(path: path, format: format)]
            } catch {
                throw InputFileError(opening: path, error)
            }
        }
        let policy =
            arguments.string("on-duplicate").flatMap(DuplicatePolicy.init(rawValue:))
            ?? (isExport ? .update : .skip)
        let dryRun = arguments.flag("dry-run")
        let totalBytes = readers.reduce(0) { $0 + ($1.fileSize ?? 0) }
        let database = try context.database()
        let progress = ProgressLine(label: "Importing", isEnabled: context.terminal.isErrorInteractive)
        let summary: ImportSummary
        do {
            summary = try MovieImporter(database: database).run(
                readers, onDuplicate: policy, dryRun: dryRun
            ) {
                rows, bytes in
                let percent = totalBytes > 0 ? " (\(min(100, bytes * 100 / totalBytes))%)" : ""
                progress.update(count: rows, unit: "rows" + percent)
            }
            progress.finish()
        } catch let error as ImportFileError {
            progress.finish()
            throw InputFileError.badData(path: path, reason: error.description)
        } catch let failure as ImportFailure {
            progress.finish()
            if case .rejectedRow = failure {
                throw InputFileError.badData(path: path, reason: failure.description)
            }
            throw CommandFailure(message: "Cannot import \(path): \(failure)", exitCode: .failure)
        }
        report(summary, path: path, readers: readers, dryRun: dryRun, context: context)
        if summary.rejectedCount > 0 {
            throw ExitStatus(code: ExitCode.dataError)
        }
    }

    @MainActor
    private static func report(
        _ summary: ImportSummary, path: String, readers: [MovieImportReader], dryRun: Bool,
        context: CommandContext
    ) {
        let kinds = readers.map { reader in
            reader.letterboxdKind.map { "letterboxd \($0)" } ?? reader.format.rawValue
        }
        let source = "\(path) (\(Set(kinds).sorted().joined(separator: ", ")))"
        let counts =
            "\(summary.added) added, \(summary.updated) updated, \(summary.skipped) skipped, "
            + "\(summary.rejectedCount) rejected"
        if dryRun {
            context.output.line("Dry run of \(source): would be \(counts). Nothing was written.")
        } else {
            context.output.line("Imported \(source): \(counts).")
        }
        if summary.watchedWithoutRating > 0 {
            context.output.line(
                "\(summary.watchedWithoutRating) watched movie\(summary.watchedWithoutRating == 1 ? " has" : "s have") "
                    + "no rating and \(summary.watchedWithoutRating == 1 ? "was" : "were") added as not-seen."
            )
        }
        context.output.flush()
        for rejection in summary.rejected {
            context.errors.line("  \(TerminalText.singleLine(rejection.description))")
        }
        if summary.rejectedCount > summary.rejected.count {
            context.errors.line(
                "  ... and \(summary.rejectedCount - summary.rejected.count) more rejected rows")
        }
    }
}

/// `movies export [--to F] [-o FILE]`
enum ExportCommand: Command {
    static let targets = ["csv", "tsv", "json", "ndjson", "letterboxd", "letterboxd-watchlist"]

    static let spec = CommandSpec(
        name: "export",
        abstract: "Export the list: this program's formats, or Letterboxd's import layout.",
        discussion: """
            csv, tsv, json and ndjson carry every field and `movies import` reads them back exactly. \
            letterboxd writes Letterboxd's import columns (Title, Year, Rating, WatchedDate, Review, imdbID, \
            LetterboxdURI) for the movies you have seen; letterboxd-watchlist the not-seen ones, for its \
            watchlist import. The list is streamed, a row at a time; with -o a file appears whole or not at all \
            (a FIFO or device is written in place; the database and its -wal/-shm are refused). \
            csv and tsv start a value that a spreadsheet would run as a formula (=, +, -, @, tab, CR) with \
            a ' (import removes it); letterboxd keeps titles exact for Letterboxd's importer.
            """,
        options: [
            OptionSpec(
                name: "to", short: "t", kind: .value(name: "format"), help: "The format.",
                allowedValues: targets, defaultValue: "csv"),
            OptionSpec(
                name: "output", short: "o", kind: .value(name: "file"),
                help: "Write to this file (atomically) instead of stdout."),
        ],
        examples: ["movies export -o movies.csv", "movies export --to letterboxd -o letterboxd.csv"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let target = arguments.string("to") ?? "csv"
        // The output path is checked (and its temporary file made) before the database is opened, so a
        // refused path leaves the database untouched, or not created.
        let file = try arguments.string("output").map {
            try OutputFileSink(path: $0, refusing: DatabaseFiles(databasePath: context.databasePath))
        }
        let store = try context.dependencies().movies
        let sink: any TextSink = file ?? context.output
        var count = 0
        switch target {
        case "letterboxd", "letterboxd-watchlist":
            let wantsWatchlist = target == "letterboxd-watchlist"
            let writer = LetterboxdExportWriter(sink: sink)
            try writer.begin()
            try store.forEachMovie { movie in
                guard (movie.rating == .notSeen) == wantsWatchlist else { return }
                try writer.write(LetterboxdRow(movie: movie))
                count += 1
            }
            try writer.end()
        default:
            let writer = MovieRecordWriter(format: RecordFormat(rawValue: target) ?? .csv, sink: sink)
            try writer.begin()
            try store.forEachMovie { movie in
                try writer.write(movie)
                count += 1
            }
            try writer.end()
        }
        if let file {
            try file.commit()
            context.errors.line("Exported \(count) movie\(count == 1 ? "" : "s") to \(file.path)")
        }
    }
}
