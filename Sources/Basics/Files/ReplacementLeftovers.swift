import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files `ReplacementFile`s left beside one destination when their process could not
/// remove them (`kill -9`, the out-of-memory killer, a power cut): `.<name>.<pid>.<random>.tmp` and the
/// `-journal`, `-wal`, `-shm` SQLite made beside it, of a process no longer running.
///
/// A scratch catalog is 6–86 MB from 600,000 titles and gigabytes from all of IMDb's files, and nothing
/// else would ever remove it. A file of a process still running (`kill(pid, 0)` finds it, or may not
/// signal it) is never taken: it may be another writer's, half written. Call it where no other writer
/// of the destination can be starting (under its `ReplacementLock`), or a file a writer in another
/// PID namespace (a container sharing the folder) is writing could be taken for a dead one's.
package struct ReplacementLeftovers: Sendable, Equatable {
    /// The files found, as paths beside the destination.
    package var paths: [String]
    /// Their size together, in bytes.
    package var byteCount: Int

    /// The leftovers beside `destination`.
    package init(beside destination: String) {
        let (folder, name) = FolderEntry.split(destination)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var paths: [String] = []
        var byteCount = 0
        for entry in entries.sorted() {
            guard let owner = Self.processID(inTemporaryName: entry, of: name), !Self.isRunning(owner) else {
                continue
            }
            let path = folder + "/" + entry
            var status = stat()
            // Only files: a folder or anything else with such a name is not one a writer made.
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            paths.append(path)
            byteCount += Int(status.st_size)
        }
        self.paths = paths
        self.byteCount = byteCount
    }

    /// Removes them; what could be removed, and its size.
    package func remove() -> ReplacementLeftovers {
        var removed = ReplacementLeftovers(paths: [], byteCount: 0)
        for path in paths {
            var status = stat()
            guard lstat(path, &status) == 0, unlink(path) == 0 else { continue }
            removed.paths.append(path)
            removed.byteCount += Int(status.st_size)
        }
        return removed
    }

    private init(paths: [String], byteCount: Int) {
        self.paths = paths
        self.byteCount = byteCount
    }

    /// The process id in `entry` when it is a temporary name `ReplacementFile.temporaryName` gives a
    /// destination named `name`, or one of SQLite's files beside such a file; nil for any other name.
    static func processID(inTemporaryName entry: String, of name: String) -> Int32? {
        let prefix = "." + name + "."
        guard entry.hasPrefix(prefix) else { return nil }
        var rest = Substring(entry.dropFirst(prefix.count))
        for suffix in DatabaseFiles.suffixes where !suffix.isEmpty && rest.hasSuffix(suffix) {
            rest = rest.dropLast(suffix.count)
            break
        }
        guard rest.hasSuffix(".tmp") else { return nil }
        let parts = rest.dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let pid = Int32(parts[0]), pid > 0, UInt32(parts[1]) != nil
        else { return nil }
        return pid
    }

    /// Whether a process `pid` exists: signal 0 reaches it, or it exists but is another user's.
    private static func isRunning(_ pid: Int32) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }
}
