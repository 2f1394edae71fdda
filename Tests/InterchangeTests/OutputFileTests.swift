import Basics
import CTemporaryFiles
import Foundation
import Interchange
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Output files: what is at the path decides how it is written", .serialized)
struct OutputFileTests {
    let folder = TemporaryDirectory()
    /// How many files in this test's folder the signal handler would remove now.
    var registeredHere: Int { Int(movies_temporary_file_count_in(folder.path)) }

    @Test("a database, its companions (existing or not), and every path leading to them are recognised")
    func databaseFiles() throws {
        let database = folder.file("movies.sqlite")
        try "SQLite format 3\u{0}".write(toFile: database, atomically: false, encoding: .utf8)
        try "wal".write(toFile: database + "-wal", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: true)
        try FileManager.default.linkItem(atPath: database, toPath: folder.file("hard"))
        try FileManager.default.linkItem(atPath: database + "-wal", toPath: folder.file("sub/wal-hard"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("sub/link"), withDestinationPath: "../movies.sqlite")
        // The database reached through a link: its companions are beside the target too.
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("sub/db-link"), withDestinationPath: database)

        for files in [
            DatabaseFiles(databasePath: database), DatabaseFiles(databasePath: folder.file("sub/db-link")),
        ] {
            for path in [
                database, database + "-wal", database + "-shm", database + "-journal", folder.file("hard"),
                folder.file("sub/wal-hard"), folder.file("sub/link"), folder.file("sub/../movies.sqlite-shm"),
            ] {
                #expect(files.contains(path), "\(path)")
            }
            for path in [
                folder.file("movies.csv"), folder.file("sub/movies.sqlite"), folder.file("movies.sqlite-x"),
            ] {
                #expect(!files.contains(path), "\(path)")
            }
        }
    }

    @Test("refused before anything is written: the database, a folder; the temporary file goes with the sink")
    func refusalsAndCleanup() throws {
        let database = folder.file("movies.sqlite")
        try "data".write(toFile: database, atomically: false, encoding: .utf8)
        let files = DatabaseFiles(databasePath: database)
        #expect(throws: OutputFileError.self) { try OutputFileSink(path: database, refusing: files) }
        #expect(throws: OutputFileError.self) { try OutputFileSink(path: folder.path, refusing: files) }
        #expect(registeredHere == 0)

        let out = folder.file("out.csv")
        do {
            let sink = try OutputFileSink(path: out, refusing: files)
            try sink.write("half of it")
            #expect(registeredHere == 1)
        }
        #expect(registeredHere == 0)
        #expect(!fileExists(out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["movies.sqlite"])

        let sink = try OutputFileSink(path: out, refusing: files)
        try sink.write("whole")
        try sink.commit()
        #expect(registeredHere == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "whole")
        #expect(permissions(of: out) == 0o600)
        #expect(fileSnapshot(database) == Data("data".utf8))
    }

    @Test("a file handed to SQLite takes SQLite's journal, log and index with it, dropped or committed")
    func handedOverToSQLite() throws {
        let target = folder.file("catalog.sqlite")
        func makeCompanions(of file: ReplacementFile, holding content: String) {
            for suffix in ["-journal", "-wal", "-shm"] {
                _ = FileManager.default.createFile(
                    atPath: file.temporaryPath + suffix, contents: Data(content.utf8))
            }
        }
        do {
            let file = try ReplacementFile(replacing: target, displayPath: target)
            file.handOverToSQLite()
            // The file and its three companions are removed by a signal as well.
            #expect(registeredHere == 4)
            makeCompanions(of: file, holding: "pages")
        }
        #expect(registeredHere == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])

        // A log still holding pages would be the file's last transactions: not committed without them.
        do {
            let file = try ReplacementFile(replacing: target, displayPath: target)
            file.handOverToSQLite()
            makeCompanions(of: file, holding: "pages")
            #expect(throws: OutputFileError.self) { try file.commit() }
        }
        #expect(!fileExists(target))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])

        // Empty ones are what SQLite leaves of a closed file: they go at the commit.
        let file = try ReplacementFile(replacing: target, displayPath: target)
        file.handOverToSQLite()
        makeCompanions(of: file, holding: "")
        try file.commit()
        #expect(registeredHere == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["catalog.sqlite"])
    }

    @Test("leftovers are the temporary files of processes no longer running, and nothing else")
    func leftovers() throws {
        let target = folder.file("catalog.sqlite")
        try "the catalog".write(toFile: target, atomically: false, encoding: .utf8)
        // No process has an id above the kernel's largest (4,194,304 at most); this one and init run.
        let gone: Int32 = 4_194_305
        let dead = [".catalog.sqlite.\(gone).12.tmp", ".catalog.sqlite.\(gone).12.tmp-journal"]
        let kept = [
            ".catalog.sqlite.\(getpid()).7.tmp", ".catalog.sqlite.1.8.tmp", ".catalog.sqlite.lock",
            ".catalog.sqlite.\(gone).x.tmp", ".catalog.sqlite.+\(gone).9.tmp", ".other.sqlite.\(gone).3.tmp",
            ".catalog.sqlite.\(gone).4.tmp-backup",
        ]
        for name in dead + kept {
            try String(repeating: "x", count: 100).write(
                toFile: folder.file(name), atomically: false, encoding: .utf8)
        }
        try FileManager.default.createDirectory(
            atPath: folder.file(".catalog.sqlite.\(gone).5.tmp"), withIntermediateDirectories: false)
        let found = ReplacementLeftovers(beside: target)
        #expect(found.paths == dead.map { folder.file($0) })
        #expect(found.byteCount == 200)
        #expect(found.remove() == found)
        #expect(
            SpecialFiles.names(in: folder.path)
                == (kept + ["catalog.sqlite", ".catalog.sqlite.\(gone).5.tmp"]).sorted())
        #expect(ReplacementLeftovers(beside: target).paths.isEmpty)
    }

    @Test("a replacement lock is one writer's at a time, in one process too, and goes when released")
    func replacementLock() throws {
        let target = folder.file("catalog.sqlite")
        var first: ReplacementLock? = try ReplacementLock(for: target, displayPath: target)
        #expect(
            try String(contentsOfFile: folder.file(".catalog.sqlite.lock"), encoding: .utf8)
                == "\(getpid())\n")
        let held = #expect(throws: ReplacementLockHeld.self) {
            try ReplacementLock(for: target, displayPath: target)
        }
        #expect(held?.destination == target && held?.processID == getpid())
        #expect(registeredHere == 1)
        first = nil
        #expect(first == nil)
        #expect(registeredHere == 0)
        #expect(SpecialFiles.names(in: folder.path).isEmpty)
        let second = try ReplacementLock(for: target, displayPath: target)
        second.release()
        #expect(SpecialFiles.names(in: folder.path).isEmpty)
    }
}
