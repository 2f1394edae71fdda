import App
import MoviesCore

/// `movies restore`: see docs/COMMANDS.md, written from the declarations below.
struct RestoreCommand: Command {
    static let about = CommandAbout(
        name: "restore",
        abstract: "Replace the list with a backup; the replaced list is kept beside the database.",
        discussion: """
            The backup must be a movies database this program can open (an older one is migrated after it \
            is restored) that passes PRAGMA integrity_check and has exactly the schema its migrations make. \
            It is only read, never written: one with a -wal or -journal beside it is refused, since that log \
            may be another database's. It is copied into the database file in one transaction, so a crash \
            leaves the old list or the new one, whole. Each restore keeps the list it replaced as \
            <db>.before-restore-<UTC time>, never over an earlier one. Refused, with nothing changed, while \
            another program has the database open (a movies shell or list --watch, sqlite3, Litestream): \
            close it first. Other commands started meanwhile wait, then report the database busy.
            """,
        examples: ["movies restore ~/movies-2026-12-01.sqlite"])

    @Argument("file", help: "The backup to restore (from `movies backup`, or any copy).", completion: .file)
    var file: String

    func run(in context: CommandContext) async throws {
        let path = file
        let progress = ProgressLine(label: "Restoring", isEnabled: context.terminal.isErrorInteractive)
        let summary = try AppDatabase.restore(
            from: path, into: try context.databasePath, options: context.databaseOptions
        ) { step, fraction in
            if step == .restoring { progress.update(Int(fraction * 100), of: 100) }
        }
        progress.finish()
        var line =
            "Restored \(BackupText.counts(movies: summary.movies, newsItems: summary.newsItems)) from \(path)"
        if !summary.appliedMigrations.isEmpty {
            line += " (migrated: \(summary.appliedMigrations.joined(separator: ", ")))"
        }
        context.output.line(line + ".")
        if let kept = summary.replacedListPath {
            context.output.line("The list it replaced is kept in \(kept).")
        }
    }
}
