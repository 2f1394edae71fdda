import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a program writes to a pipe or a terminal, read as it comes by a thread of its own, so a test can
/// wait for a piece of text to appear: the wait is woken by the bytes that complete it, or by the end of
/// the stream (the writer closed it, or the terminal hung up), never by a clock.
///
/// The reader drains the descriptor all the time, so a chatty program never blocks on a full pipe.
public final class OutputCollector: Sendable {
    /// The bytes so far, and whether the stream has ended.
    public struct Contents: Sendable {
        public var bytes = Data()
        public var hasEnded = false

        /// The bytes as text (invalid UTF-8 replaced).
        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    private let contents = Waitable(Contents())

    /// Starts reading `descriptor` until end of file (or an error such as EIO, which a terminal's master
    /// side reads once the program and everything it started have closed the terminal). With
    /// `closingWhenDone`, the descriptor is closed then.
    public convenience init(reading descriptor: Int32, closingWhenDone: Bool) {
        self.init(open: { descriptor }, closingWhenDone: closingWhenDone)
    }

    /// Opens the FIFO at `path` for reading (which waits, on the reader's thread, for a writer to open
    /// it) and reads it until the writer closes it.
    public convenience init(openingFIFO path: String) {
        self.init(open: { open(path, O_RDONLY | O_CLOEXEC) }, closingWhenDone: true)
    }

    private init(open: @escaping @Sendable () -> Int32, closingWhenDone: Bool) {
        let contents = contents
        let thread = Thread {
            let descriptor = open()
            guard descriptor >= 0 else {
                contents.update { $0.hasEnded = true }
                return
            }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                contents.update { $0.bytes.append(contentsOf: buffer[0..<count]) }
            }
            if closingWhenDone { close(descriptor) }
            contents.update { $0.hasEnded = true }
        }
        thread.start()
    }

    /// Everything read so far.
    public var current: Contents { contents.current }

    /// Everything read so far, as text.
    public var text: String { contents.current.text }

    /// Blocks until `isComplete` holds for what was read, or the stream ends; returns what was read then,
    /// or nil after the hang limit.
    public func wait(limit: Duration = HangLimit.standard, until isComplete: (Contents) -> Bool) -> Contents?
    {
        contents.wait(limit: limit) { $0.hasEnded || isComplete($0) }
    }

    /// Suspends until `isComplete` holds for what was read, or the stream ends; returns what was read
    /// then, or nil after the hang limit.
    public func wait(
        limit: Duration = HangLimit.standard, until isComplete: @escaping @Sendable (Contents) -> Bool
    ) async -> Contents? {
        await contents.wait(limit: limit) { $0.hasEnded || isComplete($0) }
    }
}
