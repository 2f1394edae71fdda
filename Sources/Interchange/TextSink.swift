/// Somewhere text goes, piece by piece: standard output, a file being exported, a string in a test.
///
/// Writers stream through a sink instead of building one big string, so exporting a million movies
/// holds one row in memory at a time.
public protocol TextSink: AnyObject {
    /// Appends `text`.
    func write(_ text: String) throws
}
