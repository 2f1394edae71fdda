import App
import Basics
import FoundationEssentials
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
            <db>.before-restore-<UTC time>, never over an earlier one: --list shows them, and restore takes \
            one back by its name (or only its time). At a terminal it first says what would be replaced \
            and by what, and asks (--yes does not). Refused, with nothing changed, while another program \
            has the database open (a movies shell or list --watch, sqlite3, Litestream): close it first. \
            Other commands started meanwhile wait, then report the database busy.
            """,
        examples: [
            "movies restore ~/movies-2026-12-01.sqlite", "movies restore --list",
            "movies restore 2026-12-01T201533Z --yes",
        ])

    @Argument(
        "file",
        help: """
            The backup to restore (from `movies backup`, or any copy), or a kept list's name as --list \
            prints it.
            """,
        completion: .file)
    var file: String?
    @Flag("list", help: "List the kept copies of replaced lists, oldest first, with what each holds.")
    var list: Bool
    @Flag("yes", short: "y", help: "Restore without asking first at a terminal.")
    var yes: Bool

    func validate() throws(CommandLineRule) {
        if list && file != nil {
            throw CommandLineRule("--list lists the kept lists; give it without a file")
        }
        if !list && file == nil {
            throw CommandLineRule("Name the backup to restore, or give --list to see the kept lists")
        }
    }

    func run(in context: CommandContext) async throws {
        let databasePath = try context.databasePath
        let kept = ReplacedLists(databasePath: databasePath)
        guard let file else {
            try listKept(kept, in: context)
            return
        }
        // A path that is there is the backup; otherwise a kept list's name (a path wins: it is what a
        // person typed).
        let path = FileManager.default.fileExists(atPath: file) ? file : kept.path(named: file) ?? file
        if !yes, let ask = context.askYesNo {
            let preview = try AppDatabase.restorePreview(
                from: path, into: databasePath, options: context.databaseOptions)
            if let replaced = preview.replaced {
                context.errors.line("This replaces \(Self.counts(replaced)) in \(databasePath)")
                context.errors.line("with \(Self.counts(preview.backup)) from \(path).")
                context.errors.line("The list it replaces is kept beside it, to restore again.")
                guard await ask("Restore? [y/N] ") else {
                    context.output.line("Nothing was restored.")
                    return
                }
            }
        }
        let progress = ProgressLine(label: "Restoring", isEnabled: context.terminal.isErrorInteractive)
        let summary = try AppDatabase.restore(
            from: path, into: databasePath, options: context.databaseOptions
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

    /// `restore --list`: each kept copy's name (what `restore` takes back) and what it holds.
    @MainActor
    private func listKept(_ kept: ReplacedLists, in context: CommandContext) throws {
        let paths = kept.paths()
        guard !paths.isEmpty else {
            context.output.line("No replaced lists are kept beside \(kept.databasePath).")
            return
        }
        var table = Table(columns: [
            Table.Column(title: "KEPT LIST", isShortenable: true), Table.Column(title: "HOLDS"),
        ])
        var rows: [[String]] = []
        for path in paths {
            let holds: String
            do {
                holds = Self.counts(try AppDatabase.counts(ofListAt: path, options: context.databaseOptions))
            } catch {
                holds = "unreadable: \(error)"
            }
            rows.append([FolderEntry.split(path).name, holds])
        }
        for row in rows { table.measure(row) }
        table.fit(width: context.terminal.columns)
        context.output.write(table.header(style: context.terminal.bold))
        for row in rows { context.output.write(table.line(row)) }
        context.output.line(
            "Restore one with: "
                + (["movies"] + NextPageHint.databaseWords(context) + ["restore", "<name>"]).joined(
                    separator: " "))
    }

    /// `12 movies, 3 viewings, 2 feeds and 40 news items`.
    static func counts(_ counts: ListCounts) -> String {
        func noun(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return
            "\(noun(counts.movies, "movie")), \(noun(counts.viewings, "viewing")), "
            + "\(noun(counts.feeds, "feed")) and \(noun(counts.newsItems, "news item"))"
    }
}
