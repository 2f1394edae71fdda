import Basics
import Catalog
import FoundationEssentials
import Interchange
import MoviesCore
import UserFacing

/// `movies import`: see docs/COMMANDS.md, written from the declarations below.
struct ImportCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "import",
        abstract: "Import movies from Letterboxd, IMDb, or this program's own export.",
        discussion: """
            The format is told from the file's header unless --from says it. Letterboxd: ratings.csv, \
            watched.csv, watchlist.csv, diary.csv, reviews.csv, a whole export folder or its .zip (stars map \
            to words: ½–1 terrible, 1½–2 poor, 2½–3 decent, 3½–4 good, 4½–5 excellent, and are kept). IMDb: \
            ratings.csv (old and new columns; n/10 is n half-stars). Own: csv, tsv, json, ndjson as \
            `movies export` writes them, read back field for field (ids kept where this list never used them). \
            IMDb titles that are not films are left out unless --include-tv. A file in Windows-1252 (Latin-1) \
            is read as such.

            A film already listed (same title, whatever its case or accents' encoding, and year) counts as \
            unchanged when the file says nothing new about it, and nothing is written for it. All or nothing: \
            the import is one transaction, and a bad row stops it with its line number and nothing written, \
            unless --skip-invalid. --dry-run reads everything, reports every bad row (and, with \
            --on-duplicate fail, every film already listed) and what would change, and writes nothing.
            """,
        examples: [
            "movies import ~/Downloads/letterboxd-export.zip",
            "movies import ratings.csv --dry-run",
            "movies import movies.json --on-duplicate update",
            "curl -s https://example.org/list.csv | movies import -",
        ])

    @Argument(
        "file", help: "The file, Letterboxd export folder, or .zip to import; - reads standard input.",
        completion: .file)
    var file: String
    @Option("from", valueName: "format", help: "The file's format, when its header does not tell.")
    var format: MovieImportFormat?
    @Flag("dry-run", short: "n", help: "Report what would happen; write nothing.")
    var dryRun: Bool
    @Option(
        "on-duplicate", valueName: "policy",
        help: """
            What to do with a movie already listed (same title and year): skip it, update it from the \
            row, or stop (fail) and import nothing.
            """,
        defaultDescription: "skip; update for a folder or .zip")
    var onDuplicate: DuplicatePolicy?
    @Flag("skip-invalid", help: "Import the good rows and report each bad one, instead of importing nothing.")
    var skipInvalid: Bool
    @Flag("include-tv", help: "Also import IMDb titles that are not films (series, episodes, games).")
    var includeTV: Bool

    func runSynchronously(in context: CommandContext) throws {
        let path = file
        let (readers, isExport) = try Self.openReaders(path, format: format)
        let options = ImportOptions(
            onDuplicate: onDuplicate ?? (isExport ? .update : .skip), dryRun: dryRun,
            skipInvalid: skipInvalid,
            includeTV: includeTV)
        let name = path == "-" ? "standard input" : path
        let totalBytes = readers.reduce(0) { $0 + ($1.fileSize ?? 0) }
        // A dry run imports into a copy of the list, thrown away: the list's file is only read, and
        // none is created where there is none.
        let database = try dryRun ? context.rehearsalDatabase() : context.database()
        let progress = ProgressLine(label: "Importing", isEnabled: context.terminal.isErrorInteractive)
        let summary: ImportSummary
        do {
            summary = try MovieImporter(database: database).run(readers, options: options) { rows, bytes in
                let percent = totalBytes > 0 ? " (\(min(100, bytes * 100 / totalBytes))%)" : ""
                progress.update(count: rows, unit: "rows" + percent)
            }
            progress.finish()
        } catch let error as ImportFileError {
            progress.finish()
            throw InputFileError.badData(path: name, reason: error.reason)
        } catch let failure as ImportFailure {
            progress.finish()
            if case .rejectedRow = failure {
                throw InputFileError.badData(path: name, reason: failure.description)
            }
            throw CommandFailure(message: "Cannot import \(name): \(failure)", exitCode: .failure)
        }
        if !summary.isCommitted {
            context.discardChangeCount()  // a dry run wrote and rolled back: nothing was saved
        }
        ImportText.report(summary, source: name, readers: readers, options: options, context: context)
        if summary.isCommitted, let catalog = try context.catalogIfLoaded() {
            // What was imported is linked as `movies link` links it; films linked before are left alone.
            let outcomes = try CatalogLinker(catalog: catalog).link(
                database.movies, where: \.lacksCatalogDetails)
            LinkText.report(outcomes, to: context.output, quietWhenNone: true)
        }
        if summary.duplicateCount > 0 {
            throw ExitStatus(code: ExitCode.failure)
        }
        if summary.rejectedCount > 0 && !options.skipInvalid {
            throw ExitStatus(code: ExitCode.dataError)
        }
    }

    /// Opens (and detects) every file before the database, so a bad file changes nothing: a folder or
    /// `.zip` is a Letterboxd export (`isExport`), `-` standard input, anything else one file.
    private static func openReaders(_ path: String, format: MovieImportFormat?) throws
        -> (readers: [MovieImportReader], isExport: Bool)
    {
        if path == "-" {
            do {
                return ([try MovieImportReader(standardInputNamed: "standard input", format: format)], false)
            } catch {
                throw InputFileError(opening: "standard input", error)
            }
        }
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputFileError.missing(path: path, reason: "no such file")
        }
        if isDirectory { return (try LetterboxdExportFolder.readers(in: path), true) }
        if path.lowercased().hasSuffix(".zip") { return (try LetterboxdExportZip.readers(of: path), true) }
        do {
            return ([try MovieImportReader(path: path, format: format)], false)
        } catch {
            throw InputFileError(opening: path, error)
        }
    }
}
