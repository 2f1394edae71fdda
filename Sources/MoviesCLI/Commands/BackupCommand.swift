import App
import Basics
import FoundationEssentials
import MoviesCore

/// `movies backup`: see docs/COMMANDS.md, written from the declarations below.
struct BackupCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "backup",
        abstract: "Write a consistent copy of the whole database to a file, while others keep using it.",
        discussion: """
            The copy is the database at one moment (SQLite's online backup API, in one read transaction), \
            taken while other programs go on reading and writing. It is written beside the file (mode 0600), \
            checked with PRAGMA integrity_check and its schema version, and only then renamed into place: \
            the file holds the old backup or the whole new one. It is not migrated; `movies restore` \
            migrates it when it is older. A file there is replaced only when it is a movies database (an \
            earlier backup) or empty; anything else (a CSV export, another program's file) only with --force. \
            The database and its -wal, -shm, -journal, a folder, a FIFO or a device are refused.
            """,
        examples: [
            "movies backup ~/movies-2026-12-01.sqlite", "movies --db work.sqlite backup work-copy.sqlite",
        ])

    @Argument(
        "file", help: "The backup file to write (an earlier backup there is replaced whole).",
        completion: .file)
    var file: String
    @Flag("force", help: "Replace the file even when it is not a backup of a movies list.")
    var force: Bool

    func runSynchronously(in context: CommandContext) throws {
        let path = file
        let databasePath = try context.databasePath
        // A backup of nothing would create the database it was meant to copy.
        guard FileManager.default.fileExists(atPath: databasePath) else {
            throw BackupError.noDatabase(path: databasePath)
        }
        // Read as it is, never migrated: the copy is the list as the older movies left it.
        let database = try context.readingDatabase(asItIs: true)
        let progress = ProgressLine(label: "Backing up", isEnabled: context.terminal.isErrorInteractive)
        let summary = try database.backup(to: path, force: force) { progress.update(Int($0 * 100), of: 100) }
        progress.finish()
        context.output.line(
            "Backed up \(BackupText.counts(movies: summary.movies, newsItems: summary.newsItems)) to "
                + "\(summary.path) (\(BackupText.size(summary.bytes)), schema version \(summary.schemaVersion)); "
                + "integrity check passed.")
    }
}

/// How the backup and restore commands word their summaries.
enum BackupText {
    /// `3 movies and 1 news item`.
    static func counts(movies: Int, newsItems: Int) -> String {
        "\(movies) movie\(movies == 1 ? "" : "s") and \(newsItems) news item\(newsItems == 1 ? "" : "s")"
    }

    /// `4.2 MB`, `812 KB`, `20 bytes` (decimal units, as `ls -h --si` shows them).
    static func size(_ bytes: Int) -> String {
        if bytes >= 1_000_000 {
            // Tenths of a megabyte, rounded half up.
            let tenths = (bytes + 50_000) / 100_000
            return "\(tenths / 10).\(tenths % 10) MB"
        }
        if bytes >= 1_000 { return "\(bytes / 1_000) KB" }
        return "\(bytes) bytes"
    }
}
