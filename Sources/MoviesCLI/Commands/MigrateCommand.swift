import App
import Basics
import MoviesCore

/// `movies migrate`: see docs/COMMANDS.md, written from the declarations below.
struct MigrateCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "migrate",
        abstract: "Bring the database's schema up to date, or show which migrations are applied.",
        discussion: """
            Every command applies pending migrations before it runs; this one does only that, and says \
            what it did. A database written by a newer movies is refused, unchanged. With --status, a \
            path where there is no database yet is an error (exit 66), and nothing is created.
            """)

    @Flag("status", help: "List applied and pending migrations; change nothing, create nothing.")
    var status: Bool

    func runSynchronously(in context: CommandContext) throws {
        let path = try context.databasePath
        if status {
            // Only look: no file, folder, WAL switch, checkpoint or migration.
            let status = try AppDatabase.schemaStatus(ofFileAt: path, options: context.databaseOptions)
            context.output.line("Database: \(path)")
            for record in status.applied {
                let applied =
                    Timestamp.date(from: record.appliedAt).map(MovieText.readable) ?? record.appliedAt
                context.output.line("  applied  \(record.identifier)  \(applied)")
            }
            for identifier in status.pending {
                context.output.line("  pending  \(identifier)")
            }
            return
        }
        let database = try AppDatabase.openWithoutMigrating(path: path, options: context.databaseOptions)
        if database.createdFile { context.createdList = database.path }
        let applied = try database.migrate()
        for identifier in applied {
            context.output.line("Applied \(identifier)")
        }
        let latest = AppDatabase.latestSchemaVersion
        if applied.isEmpty {
            context.output.line("The database is up to date (schema version \(latest)).")
        } else {
            context.output.line("The database is at schema version \(latest).")
        }
    }
}
