import Interchange
import MoviesCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Buffered text output to a file descriptor (standard output or error).
///
/// Listing a million movies writes a million lines; buffering them into 64 KiB `write(2)` calls instead
/// of one call per line is most of the cost difference. Standard error is flushed after every write so
/// messages interleave sensibly with a progress display.
final class OutputStream: TextSink {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity: Int
    private let flushesEveryWrite: Bool
    /// The `errno` of the first failed write (a closed pipe, a full disk, a file-size limit); later
    /// output is dropped instead of failing again, and `MoviesCLI` reports it when the command ends.
    private(set) var writeError: Int32?
    /// True once a write failed.
    var isBroken: Bool { writeError != nil }

    init(descriptor: Int32, capacity: Int = 64 * 1024, flushesEveryWrite: Bool = false) {
        self.descriptor = descriptor
        self.capacity = capacity
        self.flushesEveryWrite = flushesEveryWrite
        buffer.reserveCapacity(capacity)
    }

    static func standardOutput() -> OutputStream { OutputStream(descriptor: STDOUT_FILENO) }
    static func standardError() -> OutputStream {
        OutputStream(descriptor: STDERR_FILENO, capacity: 4096, flushesEveryWrite: true)
    }

    deinit {
        flush()
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        flushIfDue()
    }

    func write(utf8 bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        flushIfDue()
    }

    private func flushIfDue() {
        if flushesEveryWrite || buffer.count >= capacity {
            flush()
        }
    }

    /// Writes `text` and a newline.
    func line(_ text: String = "") {
        write(text + "\n")
    }

    /// Hands everything buffered to the kernel.
    func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard !isBroken else { return }
        if !buffer.withUnsafeBytes({ FileDescriptorWriter.write($0, to: descriptor) }) {
            writeError = errno
        }
    }
}
