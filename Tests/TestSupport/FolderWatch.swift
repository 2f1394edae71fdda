import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The changes to a folder's entries (created, removed, renamed, written), as events to wait on
/// (inotify, https://man7.org/linux/man-pages/man7/inotify.7.html), so a test waits for a file to
/// appear instead of looking for it again and again.
///
/// Start watching before the change can happen; a wait re-checks its condition after each change.
public final class FolderWatch: Sendable {
    /// How many changes were seen, and whether the watch has ended.
    private let changes = Waitable((count: 0, hasEnded: false, names: [String](), events: [String]()))
    private let descriptor: Int32
    private let watch: Int32

    /// Watches `folder` (not its subfolders); with `includingReads`, reading a file in it is a change
    /// too (IN_ACCESS), so a test can follow a program through a file it only reads.
    public init(_ folder: String, includingReads: Bool = false) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let mask = UInt32(
            IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY
                | (includingReads ? IN_ACCESS : 0))
        watch = inotify_add_watch(descriptor, folder, mask)
        guard watch >= 0 else {
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        // The reader owns the descriptor: it closes it once the watch is gone (IN_IGNORED: removed by
        // deinit, or the folder was deleted), which a close elsewhere would not wake it from.
        let descriptor = descriptor
        let changes = changes
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var ignored = false
            while !ignored {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                // Each event: int wd, uint32 mask, uint32 cookie, uint32 len, then len bytes of name.
                var offset = 0
                var events = 0
                var names: [String] = []
                var described: [String] = []
                while offset + 16 <= count {
                    events += 1
                    let (mask, length) = buffer.withUnsafeBytes { bytes in
                        (
                            bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                            Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        )
                    }
                    if mask & UInt32(IN_IGNORED) != 0 { ignored = true }
                    let name = buffer[offset + 16..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                    if !name.isEmpty {
                        names.append(String(decoding: name, as: UTF8.self))
                        described.append("\(String(decoding: name, as: UTF8.self)) \(Self.kinds(mask))")
                    }
                    offset += 16 + length
                }
                changes.update {
                    $0.count += events
                    $0.names += names
                    $0.events += described
                }
            }
            changes.update {
                $0.hasEnded = true
                close(descriptor)
            }
        }
    }

    deinit {
        // Removing the watch queues IN_IGNORED, which ends the reader (unless it has ended already: then
        // the descriptor is closed, and its number may be another file's).
        let (descriptor, watch) = (descriptor, watch)
        changes.update { state in
            if !state.hasEnded { inotify_rm_watch(descriptor, watch) }
        }
    }

    /// How many changes were seen so far.
    public var changeCount: Int { changes.current.count }

    /// The names of the entries changed so far, one per change (repeated as often as it changed).
    public var changedNames: [String] { changes.current.names }

    /// Each change so far as its name and what happened (`movies.sqlite-wal created`), for a failing
    /// test to say what it saw.
    public var changedEvents: [String] { changes.current.events }

    private static func kinds(_ mask: UInt32) -> String {
        let kinds: [(Int32, String)] = [
            (IN_CREATE, "created"), (IN_DELETE, "deleted"), (IN_MOVED_FROM, "moved away"),
            (IN_MOVED_TO, "moved in"), (IN_CLOSE_WRITE, "closed after writing"), (IN_MODIFY, "written"),
            (IN_ACCESS, "read"),
        ]
        return kinds.filter { mask & UInt32($0.0) != 0 }.map(\.1).joined(separator: ", ")
    }

    /// Waits until `condition` holds, checking it again after each change to the folder; false after the
    /// hang limit.
    public func wait(until condition: () -> Bool) async -> Bool {
        while true {
            let seen = changes.current
            if condition() { return true }
            guard !seen.hasEnded, await changes.wait(until: { $0.count > seen.count || $0.hasEnded }) != nil
            else { return condition() }
        }
    }
}

/// Runs `first` and `second` together, and returns once either has returned, cancelling the other (a
/// `Waitable` wait ends when its task is cancelled): for "this event, unless that one comes first".
public func whicheverFirst(
    _ first: @escaping @Sendable () async -> Void, _ second: @escaping @Sendable () async -> Void
) async {
    await withTaskGroup(of: Void.self) { group in
        group.addTask(operation: first)
        group.addTask(operation: second)
        await group.next()
        group.cancelAll()
    }
}
