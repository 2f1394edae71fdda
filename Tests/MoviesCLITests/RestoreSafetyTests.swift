import App
import FoundationEssentials
import MoviesCore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What an outside attack found in `movies restore` and `migrate --status`: a backup is never written,
/// its schema is never trusted, and no replaced list is ever lost (issue 21, findings 1, 2, 11 and 14).
@Suite("restore never writes or trusts its backup", .offPool, .serialized)
struct RestoreSafetyTests {
    let movies = MoviesProcess()

    private var keptCopies: [String] { ReplacedLists(databasePath: movies.databasePath).paths() }

    private func titles(_ path: String) throws -> String {
        try DirectSQL.run(
            path, "SELECT group_concat(title, ',') FROM (SELECT title FROM movies ORDER BY id)")
    }

    /// A backup of a list of `titles`, made by `movies backup` from a database of its own.
    private func backup(_ name: String, titles: [String]) throws -> String {
        let source = movies.folder.file("source-\(name)")
        for title in titles { try movies.succeed("--db", source, "add", title) }
        let path = movies.folder.file(name)
        try movies.succeed("--db", source, "backup", path)
        return path
    }

    /// Copies `database`, `-wal` and `-shm` as `cp movies.sqlite* …` does while a program has the file
    /// open with a commit not yet checkpointed: the copy of the -wal holds that commit.
    private func copyWhileOpen(_ database: String, to copy: String) async throws {
        let sqlite = try BackgroundProcess(SQLiteShell.path, [database], acceptsInput: true)
        sqlite.write("INSERT INTO movies (title, rating) VALUES ('Foreign', 'good'); SELECT 'written';\n")
        #expect(await sqlite.waitForOutput("written"))
        for suffix in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: copy + suffix)
            try FileManager.default.copyItem(atPath: database + suffix, toPath: copy + suffix)
        }
        sqlite.closeInput()
        await sqlite.finished()
    }

    @Test("a -wal from another database beside the backup is refused; backup and log stay byte for byte")
    func strayLogBesideBackup() async throws {
        let backup = try backup("backup.sqlite", titles: ["Heat", "Alien", "Dune"])
        try movies.succeed("add", "Current")
        let other = movies.folder.file("other.sqlite")
        try movies.succeed("--db", other, "add", "Other")
        try await copyWhileOpen(other, to: backup)
        let (file, log) = (fileSnapshot(backup), fileSnapshot(backup + "-wal"))
        try movies.refuse(
            ["restore", backup], status: 65,
            message:
                "Cannot restore from \(backup): \(backup)-wal lies beside it, a log SQLite has not merged")
        #expect(fileSnapshot(backup) == file, "the backup was written")
        #expect(fileSnapshot(backup + "-wal") == log, "the log was merged or deleted")
        #expect(try titles(movies.databasePath) == "Current")
        #expect(keptCopies.isEmpty)

        // A hot journal beside it (a crash of a rollback-journal writer) is a log too.
        try FileManager.default.removeItem(atPath: backup + "-wal")
        try Data("journal".utf8).write(to: URL(fileURLWithPath: backup + "-journal"))
        try movies.refuse(["restore", backup], status: 65, message: "\(backup)-journal lies beside it")
        #expect(fileSnapshot(backup) == file)

        // Moved away, the backup restores as it was made: three movies, not the other list.
        try FileManager.default.removeItem(atPath: backup + "-journal")
        try movies.succeed("restore", backup)
        #expect(try titles(movies.databasePath) == "Heat,Alien,Dune")
        #expect(fileSnapshot(backup) == file)
    }

    @Test("migrate --status leaves a -wal as it found it: no checkpoint into the file, no deletion")
    func statusLeavesTheLog() async throws {
        try movies.succeed("add", "Heat")
        let copy = movies.folder.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: movies.databasePath, toPath: copy)
        try await copyWhileOpen(movies.databasePath, to: copy)
        let (file, log) = (fileSnapshot(copy), fileSnapshot(copy + "-wal"))
        let output = try movies.succeed("--db", copy, "migrate", "--status")
        #expect(output.contains("applied  0001_create_movies"))
        #expect(fileSnapshot(copy) == file, "migrate --status wrote the file")
        #expect(fileSnapshot(copy + "-wal") == log, "migrate --status checkpointed or deleted the log")
    }

    @Test(
        "a backup whose schema its migrations do not make is refused, naming the first object",
        arguments: [
            (
                "CREATE TRIGGER wipe AFTER INSERT ON movies BEGIN DELETE FROM movies; END;",
                "it has a trigger wipe (on movies) that its migrations do not make"
            ),
            (
                "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = replace(sql, 'CHECK', '/*') "
                    + "|| '' WHERE 0; UPDATE sqlite_schema SET sql = replace(sql, ') STRICT', ')') "
                    + "WHERE name = 'feeds';",
                "its table feeds is not defined as its migrations define it"
            ),
            ("DROP TABLE news_enclosures", "it lacks the table news_enclosures that its migrations make"),
        ])
    func schemaNotTrusted(edit: String, problem: String) throws {
        let backup = try backup("edited.sqlite", titles: ["Heat"])
        try DirectSQL.run(backup, edit)
        #expect(try DirectSQL.integrityCheck(backup) == "ok")
        try movies.succeed("add", "Current")
        let before = fileSnapshot(backup)
        try movies.refuse(
            ["restore", backup], status: 65, message: "Cannot restore from \(backup): \(problem)")
        #expect(fileSnapshot(backup) == before)
        #expect(keptCopies.isEmpty)
        #expect(try titles(movies.databasePath) == "Current")
    }

    @Test("every restore keeps the list it replaced under a name of its own; the first is never lost")
    func keptCopiesAccumulate() throws {
        try movies.succeed("add", "Original")
        let wrong = try backup("wrong.sqlite", titles: ["Wrong"])
        let right = try backup("right.sqlite", titles: ["Right"])
        try movies.succeed("restore", wrong)
        try movies.succeed("restore", right)
        let kept = keptCopies
        #expect(kept.count == 2, "\(kept)")
        #expect(try kept.map(titles) == ["Original", "Wrong"])
        #expect(try titles(movies.databasePath) == "Right")
    }

    @Test("8 KiB pages restore into a new path, which takes the backup's page size")
    func largePagesIntoNewPath() throws {
        let backup = try backup("large.sqlite", titles: ["Heat"])
        try DirectSQL.run(backup, "PRAGMA page_size = 8192; VACUUM")
        let target = movies.folder.file("new/deeper/movies.sqlite")
        try movies.succeed("--db", target, "restore", backup)
        #expect(try DirectSQL.run(target, "PRAGMA page_size") == "8192")
        #expect(try DirectSQL.run(target, "PRAGMA journal_mode") == "wal")
        #expect(try titles(target) == "Heat")
    }

    @Test(
        "a restore the disk cannot hold changes nothing: no kept copy left, no new file or folder",
        .enabled(
            if: FileSizeLimitProbe.isUsable,
            "ThreadSanitizer's runtime dies of SIGBUS under a small file-size limit"))
    func diskFullRestore() throws {
        let titles = (1...3000).map { "A backed-up movie with a long title, number \($0)" }
        let csv = movies.folder.file("many.csv")
        try OwnCSV.write(count: titles.count, prefix: "Backed", to: csv)
        let source = movies.folder.file("source.sqlite")
        try movies.succeed("--db", source, "import", csv)
        let backup = movies.folder.file("backup.sqlite")
        try movies.succeed("--db", source, "backup", backup)
        try movies.succeed("add", "Current")
        let current = fileSnapshot(movies.databasePath)?.count ?? 0
        let backupSize = fileSnapshot(backup)?.count ?? 0
        #expect(backupSize > 4 * current)

        // Room for a copy of the current list, not for the backup's.
        for target in [movies.databasePath, movies.folder.file("fresh/sub/movies.sqlite")] {
            let before = FolderSnapshot(movies.folder.path)
            let (executable, arguments) = FileSizeLimit.command(
                bytes: 2 * current, MoviesProcess.binary, ["--db", target, "restore", backup])
            let result = try ProcessRunner.run(executable, arguments, environment: movies.environment)
            #expect(result.status == 1 && !result.crashed, "\(result)")
            #expect(result.stderr.contains("nothing was written"), "\(result)")
            #expect(FolderSnapshot(movies.folder.path).changes(since: before).isEmpty, "\(target)")
        }
        #expect(keptCopies.isEmpty)
        #expect(try self.titles(movies.databasePath) == "Current")
    }
}
