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
    /// An element has more attributes than the parser accepts (libxml2 2.9 takes time quadratic in
    /// their number); `line` is where the element starts. Nothing was parsed.
    case tooManyAttributes(line: Int, limit: Int)
    /// More namespace declarations were in scope at once than the parser accepts (libxml2 2.9 looks
    /// every prefix up through all of them).
    case tooManyNamespaces(limit: Int)
    /// Reading the document (parsing it, laying out its items' HTML, looking for the feeds a page
    /// announces) took more processor time than its budget.
    case tooSlow(limit: Duration)
    /// The reading was cancelled (its task was: Ctrl-C during a refresh) before it was done.
    case cancelled
    /// libxml2, which reads every XML document, could not be loaded; carries the whole message.
    case xmlUnavailable(String)
    /// The document is JSON but not valid JSON (or nested too deep); carries a short reason.
    case malformedJSON(String)
    /// The document is JSON but not a JSON Feed (no `version` naming jsonfeed.org).
    case notAJSONFeed

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
        case .tooManyAttributes(let line, let limit):
            return "the element at line \(line) has more than \(limit) attributes"
        case .tooManyNamespaces(let limit):
            return "more than \(limit) XML namespaces are declared at once"
        case .tooSlow(let limit):
            return "reading the document took more than \(FeedParseError.seconds(limit)) s of processor time"
        case .cancelled:
            return "reading the document was cancelled"
        case .xmlUnavailable(let message):
            return message
        case .malformedJSON(let reason):
            return "malformed JSON: \(reason)"
        case .notAJSONFeed:
            return "not a feed: the JSON document is not a JSON Feed"
        }
    }

    /// Whole seconds, or tenths when the limit has a fraction.
    private static func seconds(_ duration: Duration) -> String {
        let parts = duration.components
        let tenths = parts.seconds * 10 + parts.attoseconds / 100_000_000_000_000_000
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
