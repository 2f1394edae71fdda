import Basics
import Foundation
import MoviesCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written through a temporary file and renamed into place on `commit()`, so the destination
/// holds either its old content or the whole new content, never half of an export.
///
/// Writes are buffered (64 KiB) and streamed to the temporary file; nothing is held whole in memory.
/// Without `commit()` (an error midway) the temporary file is removed and the destination is untouched.
public final class AtomicFileSink: TextSink {
    /// The destination.
    public let path: String
    private let temporaryPath: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var isFinished = false

    /// Opens a temporary file beside `path` (same folder, so the rename is atomic), mode 0600.
    public init(path: String) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        let name =
            ".\((path as NSString).lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        temporaryPath = folder.isEmpty ? name : folder + "/" + name
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw OutputFileError(reason: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        buffer.reserveCapacity(64 * 1024)
    }

    deinit {
        if !isFinished {
            close(descriptor)
            unlink(temporaryPath)
        }
    }

    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 64 * 1024 {
            try flush()
        }
    }

    /// Flushes, syncs and renames the temporary file over the destination.
    public func commit() throws {
        try flush()
        guard fsync(descriptor) == 0 else { throw failure("cannot write") }
        close(descriptor)
        isFinished = true
        guard rename(temporaryPath, path) == 0 else {
            let error = failure("cannot replace")
            unlink(temporaryPath)
            throw error
        }
    }

    private func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func failure(_ action: String) -> any Error {
        OutputFileError(reason: "\(action) \(path): \(String(cString: strerror(errno)))")
    }
}

/// An output file could not be written (disk full, permission denied...).
public struct OutputFileError: Error, Sendable, CustomStringConvertible {
    /// What failed, as a phrase: `cannot write out.csv: No space left on device`.
    public let reason: String
    public var description: String { reason }
}

extension OutputFileError: UserFacingError {
    package var message: String { reason.capitalizingFirstLetter() }
    package var exitCode: ExitCode { .failure }
}
