import Foundation
import Storage
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a database path must be before SQLite opens it, and what is refused with nothing created or
/// changed: not a file, not a usable companion, too long, or a file a check turns down.
@Suite("Database paths checked before SQLite opens them")
struct DatabasePathCheckTests {
    let folder = TemporaryDirectory()

    /// Expects opening `path` to throw `error`, and the test folder to hold exactly what it held before.
    private func expectRefused(
        _ path: String, _ error: StorageError, configuration: DatabaseConfiguration = DatabaseConfiguration(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = FolderSnapshot(folder.path)
        #expect(throws: error, sourceLocation: sourceLocation) {
            try Database(path: path, configuration: configuration)
        }
        #expect(
            FolderSnapshot(folder.path).changes(since: before).isEmpty, "\(path)",
            sourceLocation: sourceLocation)
    }

    @Test("a path that can only name a folder is refused, and no folder or file is made for it")
    func folderNames() throws {
        for name in ["new/", "new//", "new/.", "new/..", "."] {
            let path = name == "." ? "." : folder.file(name)
            let kind: FileKind = name == "." ? .directory : .folderName
            expectRefused(path, .notAFile(path: path, kind: kind))
        }
        let existing = folder.file("existing")
        try FileManager.default.createDirectory(atPath: existing, withIntermediateDirectories: false)
        expectRefused(existing + "/", .notAFile(path: existing + "/", kind: .directory))
        #expect(SpecialFiles.names(in: existing).isEmpty)
    }

    @Test("a FIFO and a socket are refused before SQLite opens them; nothing appears beside them")
    func fifoAndSocket() throws {
        let fifo = folder.file("pipe.sqlite")
        try #require(SpecialFiles.makeFIFO(fifo))
        expectRefused(fifo, .notAFile(path: fifo, kind: .fifo))
        let socketPath = folder.file("s.sqlite")
        let socket = try #require(SpecialFiles.makeSocket(socketPath))
        defer { close(socket) }
        expectRefused(socketPath, .notAFile(path: socketPath, kind: .socket))
        // Through a symbolic link too: what counts is what the link leads to.
        let link = folder.file("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        expectRefused(link, .notAFile(path: link, kind: .fifo))
    }

    @Test(
        "device nodes are refused: copies in the test's folder first, then the real /dev/null",
        .enabled(if: SpecialFiles.canMakeDevices, "making device nodes needs root"))
    func devices() throws {
        let null = folder.file("null")
        try #require(SpecialFiles.makeNullDevice(null))
        expectRefused(null, .notAFile(path: null, kind: .characterDevice))
        let disk = folder.file("disk")
        try #require(SpecialFiles.makeMissingDisk(disk))
        expectRefused(disk, .notAFile(path: disk, kind: .blockDevice))
        // Only once the copies were refused untouched (no null-journal beside them) is /dev named.
        try #require(SpecialFiles.names(in: folder.path) == ["disk", "null"])
        let devNull = { SpecialFiles.names(in: "/dev").filter { $0.hasPrefix("null") } }
        let before = devNull()
        #expect(throws: StorageError.notAFile(path: "/dev/null", kind: .characterDevice)) {
            try Database(path: "/dev/null")
        }
        #expect(devNull() == before)
        #expect(before == ["null"])
    }

    @Test("companion files SQLite could not use are refused, named, and left as they are")
    func companions() throws {
        let path = folder.file("list.sqlite")
        do {
            let database = try Database(path: path)
            try database.write { try $0.execute("CREATE TABLE t (x INTEGER) STRICT") }
        }
        #expect(SpecialFiles.names(in: folder.path) == ["list.sqlite"])
        let elsewhere = try folder.write("not SQLite's", to: "elsewhere")

        try FileManager.default.createSymbolicLink(atPath: path + "-wal", withDestinationPath: elsewhere)
        expectRefused(path, .unusableCompanion(path: path + "-wal", problem: .symbolicLink))
        try FileManager.default.removeItem(atPath: path + "-wal")

        try #require(SpecialFiles.makeFIFO(path + "-shm"))
        expectRefused(path, .unusableCompanion(path: path + "-shm", problem: .notAFile(.fifo)))
        try FileManager.default.removeItem(atPath: path + "-shm")

        try FileManager.default.createDirectory(atPath: path + "-journal", withIntermediateDirectories: false)
        expectRefused(path, .unusableCompanion(path: path + "-journal", problem: .notAFile(.directory)))
        try FileManager.default.removeItem(atPath: path + "-journal")

        // Through a link to the database, the companions are looked for beside the file it leads to.
        let link = folder.file("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        try FileManager.default.createSymbolicLink(atPath: path + "-wal", withDestinationPath: elsewhere)
        expectRefused(link, .unusableCompanion(path: path + "-wal", problem: .symbolicLink))
        try FileManager.default.removeItem(atPath: path + "-wal")

        #expect(fileSnapshot(elsewhere) == Data("not SQLite's".utf8))
        let database = try Database(path: link)
        #expect(try database.read { try $0.scalarInt("SELECT count(*) FROM t") } == 0)
    }

    @Test("a path longer than SQLite opens is refused before any folder or file is made")
    func tooLong() throws {
        // SQLite's Unix VFS takes 512 bytes, less the 8 of "-journal": 504 as a full path.
        let deep =
            folder.path + "/" + String(repeating: "d", count: 200) + "/" + String(repeating: "e", count: 200)
        try #require(deep.utf8.count < 480, "TMPDIR is too long for this test")
        let fits = deep + "/" + String(repeating: "x", count: 504 - deep.utf8.count - 1)
        let tooLong = fits + "y"
        #expect(tooLong.utf8.count == 505)
        expectRefused(
            tooLong,
            .cannotOpen(
                path: tooLong, reason: "the path is 505 bytes long as a full path; SQLite opens at most 504"))
        let veryLong = folder.path + "/" + String(repeating: "a/", count: 2_500) + "x.sqlite"
        let error = #expect(throws: StorageError.self) { try Database(path: veryLong) }
        #expect(error?.description.contains("SQLite opens at most 504") == true)
        #expect(SpecialFiles.names(in: folder.path).isEmpty)
        // The longest path SQLite takes still works.
        _ = try Database(path: fits)
        #expect(fileExists(fits))
    }

    @Test("a dangling symbolic link is refused: the file is not created through it")
    func danglingLink() throws {
        let link = folder.file("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.file("gone/x"))
        expectRefused(
            link, .cannotOpen(path: link, reason: "it is a symbolic link to a file that does not exist"))
    }
}
