/// Somewhere text goes, piece by piece: standard output, a file being exported, a string in a test.
///
/// Writers stream through a sink instead of building one big string, so exporting a million movies
/// holds one row in memory at a time.
public protocol TextSink: AnyObject {
    /// Appends `text`.
    func write(_ text: String) throws
    /// Appends text given as its UTF-8 bytes (valid UTF-8, as a writer builds it from strings): a sink
    /// that buffers bytes takes them as they are, without a string made only to be taken apart again.
    func write(utf8 bytes: [UInt8]) throws
}

extension TextSink {
    public func write(utf8 bytes: [UInt8]) throws {
        try write(String(decoding: bytes, as: UTF8.self))
    }
}
