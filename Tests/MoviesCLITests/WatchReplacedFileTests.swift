import Foundation
import TestSupport
import Testing

/// `list --watch` follows one file; when another file takes its place, it says so and ends instead of
/// watching the old one, which no one writes any more, for good.
@Suite("list --watch and a replaced file", .offPool)
struct WatchReplacedFileTests {
    let movies = MoviesProcess()

    @Test("a file deleted and created anew ends the watch with what happened", arguments: [false, true])
    func replacedFileEndsWatch(renamedOver: Bool) async throws {
        try movies.succeed("add", "Heat")
        let path = movies.databasePath
        let watcher = try BackgroundProcess(
            MoviesProcess.binary, ["list", "--watch"], environment: movies.environment)
        #expect(await watcher.waitForOutput("Heat"))
        if renamedOver {
            // Another list renamed over it, as a restore by hand or a sync tool does.
            let other = movies.folder.file("other.sqlite")
            try movies.succeed("--db", other, "add", "Alien")
            #expect(rename(other, path) == 0)
        } else {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
            try movies.succeed("add", "Alien")
        }
        let ended = await watcher.finished()
        #expect(ended.status == 1, "\(ended)")
        #expect(
            ended.stderr.contains(
                "Error: The list at \(path) was removed or replaced by another file while this command had it "
                    + "open"), "\(ended)")
    }
}
