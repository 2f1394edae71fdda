import Basics
import Foundation
import Interchange
import MoviesCore

/// `movies import <file> [--from F] [--dry-run] [--on-duplicate skip|update|fail]`
enum ImportCommand: Command {
    static let file = Argument<String>("file", help: "The file, Letterboxd export folder, or .zip to import.")
    static let format = Option<MovieImportFormat>(
        "from", valueName: "format", help: "The file's format, when its header does not tell.")
    static let dryRun = Flag("dry-run", short: "n", help: "Report what would happen; write nothing.")
    static let onDuplicate = Option<DuplicatePolicy>(
        "on-duplicate", valueName: "policy",
        help: """
            What to do with a movie already listed (same title and year): skip it, update it from the \
            row, or stop (fail) and import nothing.
            """,
        defaultDescription: "skip; update for a folder or .zip")

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
        arguments: [file.spec],
        options: [format.spec, dryRun.spec, onDuplicate.spec],
        examples: [
            "movies import ~/Downloads/letterboxd-export.zip",
            "movies import ratings.csv --dry-run",
            "movies import movies.json --on-duplicate update",
        ])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        let path = arguments[file] ?? ""
        let format = arguments[Self.format]
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
        let policy = arguments[onDuplicate] ?? (isExport ? .update : .skip)
        let dryRun = arguments[Self.dryRun]
        let totalBytes = readers.reduce(0) { $0 + ($1.fileSize ?? 0) }
        let database = try context.database()
        let progress = ProgressLine(label: "Importing", isEnabled: context.terminal.isErrorInteractive)
        let summary: ImportSummary
        do {
            summary = try MovieImporter(database: database).run(
                readers, options: ImportOptions(onDuplicate: policy, dryRun: dryRun)
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
        let kinds = readers.map(ImportText.kind)
        let source = "\(path) (\(Set(kinds).sorted().joined(separator: "; ")))"
        let counts =
            "\(summary.added) added, \(summary.updated) updated, \(summary.skipped) skipped, "
            + "\(summary.rejectedCount) rejected"
        if dryRun {
            context.output.line("Dry run of \(source): would be \(counts). Nothing was written.")
        } else {
            context.output.line("Imported \(source): \(counts).")
        }
        if summary.seenWithoutRating > 0 {
            let count = summary.seenWithoutRating
            context.output.line(
                "\(count) watched movie\(count == 1 ? " has" : "s have") no rating (listed as seen).")
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
