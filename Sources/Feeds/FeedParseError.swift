/// Why a document could not be read as a feed or as an OPML subscription list.
///
/// `description` is a short message meant for the user, e.g.
/// "not a feed: the document's root element is <html>".
public enum FeedParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document has no content at all (or only white space).
    case empty
    /// The document is larger than the parser accepts; nothing was parsed.
    case tooLarge(bytes: Int, limit: Int)
    /// The document is not well-formed XML; `line` is 1-based.
    case malformed(line: Int, reason: String)
    /// The document does not start with an XML element (JSON, plain text, binary data...).
    case notXML
    /// The document is XML but not RSS, RDF or Atom.
    case notAFeed(rootElement: String)
    /// The document is XML but not OPML.
    case notOPML(rootElement: String)
    /// The document declares a character encoding that cannot be decoded.
    case unsupportedEncoding(String)

    /// A short, user-facing message.
    public var description: String {
        switch self {
        case .empty:
            return "the document is empty"
        case .tooLarge(let bytes, let limit):
            return "the document is too large (\(ByteCount.describe(bytes)); the limit is "
                + "\(ByteCount.describe(limit)))"
        case .malformed(let line, let reason):
            return "malformed XML at line \(line): \(reason)"
        case .notXML:
            return "not a feed: the document is not XML"
        case .notAFeed(let root):
            return "not a feed: the document's root element is <\(root)>"
        case .notOPML(let root):
            return "not an OPML file: the document's root element is <\(root)>"
        case .unsupportedEncoding(let name):
            return "unsupported character encoding \"\(name)\""
        }
    }
}
