import CXML2Loader
import FoundationEssentials

/// What a feed or OPML document may cost to read.
struct XMLReadLimits {
    /// The largest document accepted, in bytes.
    var maximumBytes: Int
    /// The most attributes on one element (checked before libxml2 sees the tag, see `XMLSanitizer`).
    var maximumAttributesPerElement = 256
    /// The most namespace declarations in scope at once (checked while libxml2 parses).
    var maximumNamespacesInScope = 128
    /// What reading the document may spend: processor time from the start of the reading (libxml2's
    /// parse and what the handler does with it), and the calling task's cancellation.
    var budget = ReadingBudget(processorTime: FeedParser.defaultProcessorTime)
}

/// Reads an XML document with libxml2 (`XMLSAXParser`) into an `XMLEventHandler`, after preparing the
/// bytes with what libxml2 does not do itself, and turns what goes wrong into a `FeedParseError` with a
/// line number and a short reason.
///
/// Before libxml2: the size cap, the conversion to UTF-8 (`XMLEncoding`, which replaces invalid bytes
/// instead of failing the document) and `XMLSanitizer` (DOCTYPE, HTML entities, stray `&` and `<`,
/// control characters, crowded tags). libxml2 then stops at the first fatal error. Only when a
/// `recovery` handler is given and the strict parse failed on a well-formedness error in the middle of
/// the document (not a truncated one, not a spent budget or a limit) is the document read again, into
/// that handler, in libxml2's recovery mode, within what is left of the same budget.
enum XMLDocumentReader {
    /// How a document was read.
    enum Reading {
        /// Well-formed: everything went to `handler`.
        case wellFormed
        /// Not well-formed: what recovery made of it went to the recovery handler; the error is the
        /// strict parse's.
        case recovered(FeedParseError)
    }

    /// Prepares `data` and checks its root element with `acceptRoot`, then reads it into `handler`.
    /// `charset` is the one the server declared (HTTP `Content-Type`), used when the document declares
    /// none.
    @discardableResult
    static func read(
        _ data: Data, limits: XMLReadLimits, charset: String? = nil, handler: some XMLEventHandler,
        recovery: (any XMLEventHandler)? = nil, acceptRoot: (String) -> FeedParseError?
    ) throws(FeedParseError) -> Reading {
        guard data.count <= limits.maximumBytes else {
            throw .tooLarge(bytes: data.count, limit: limits.maximumBytes)
        }
        guard data.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0) })
        else { throw .empty }
        if let message = LibXML2.unavailableMessage {
            throw .xmlUnavailable(message)
        }
        let bytes = try XMLSanitizer.sanitize(
            XMLEncoding.normalize(data, charset: charset),
            maximumAttributesPerElement: limits.maximumAttributesPerElement)
        let root = try RootSniffer.rootElement(of: bytes)
        if let refusal = acceptRoot(root) {
            throw refusal
        }
        let tracker = OpenElements(handler: handler)
        let result = XMLSAXParser.parse(
            bytes, into: tracker,
            limits: XMLParseLimits(
                budget: limits.budget, maximumNamespacesInScope: limits.maximumNamespacesInScope))
        if let failure = handler.failure {
            throw failure
        }
        do {
            try check(result, bytes: bytes, open: tracker.names, limits: limits)
            return .wellFormed
        } catch {
            guard let recovery, result.stop == MOVIES_XML_STOP_ERROR, case .malformed(_, let reason) = error,
                !reason.hasSuffix("(truncated?)")
            else { throw error }
            let again = XMLSAXParser.parse(
                bytes, into: OpenElements(handler: recovery),
                limits: XMLParseLimits(
                    budget: limits.budget, maximumNamespacesInScope: limits.maximumNamespacesInScope,
                    recover: true))
            if let failure = recovery.failure {
                throw failure
            }
            switch again.stop {
            case MOVIES_XML_STOP_BUDGET:
                throw limits.budget.exhaustion ?? .tooSlow(limit: limits.budget.processorTime ?? .zero)
            case MOVIES_XML_STOP_NAMESPACES:
                throw .tooManyNamespaces(limit: limits.maximumNamespacesInScope)
            case MOVIES_XML_STOP_UNAVAILABLE:
                throw .xmlUnavailable("cannot read XML: libxml2 could not allocate its parser")
            default:
                return .recovered(error)
            }
        }
    }

    /// Throws what the end of the parse means, if it was not the end of a readable document.
    private static func check(
        _ result: movies_xml_result, bytes: [UInt8], open: [String], limits: XMLReadLimits
    ) throws(FeedParseError) {
        let line = max(1, Int(result.error_line))
        switch result.stop {
        case MOVIES_XML_STOP_NONE, MOVIES_XML_STOP_HANDLER:
            guard result.elements > 0 else {
                throw .malformed(line: line, reason: "the document has no root element")
            }
        case MOVIES_XML_STOP_BUDGET:
            throw limits.budget.exhaustion ?? .tooSlow(limit: limits.budget.processorTime ?? .zero)
        case MOVIES_XML_STOP_NAMESPACES:
            throw .tooManyNamespaces(limit: limits.maximumNamespacesInScope)
        case MOVIES_XML_STOP_UNAVAILABLE:
            throw .xmlUnavailable("cannot read XML: libxml2 could not allocate its parser")
        default:
            throw error(result, line: line, bytes: bytes, open: open)
        }
    }

    /// The error for libxml2's first fatal error.
    private static func error(_ result: movies_xml_result, line: Int, bytes: [UInt8], open: [String])
        -> FeedParseError
    {
        let code = Int(result.error_code)
        let depthLimit = Int(result.error_int1)
        if code == XMLErrorMessages.internalError, depthLimit > 0, Int(result.depth) >= depthLimit {
            return .malformed(line: line, reason: "elements nested more than \(depthLimit) deep")
        }
        if code == XMLErrorMessages.documentEmpty {
            return .malformed(line: line, reason: "the document has no root element")
        }
        if let innermost = open.last,
            code == XMLErrorMessages.tagNotFinished
                || EndOfDocument(bytes).isAtEnd(line: line, column: Int(result.error_column))
        {
            return .malformed(line: line, reason: "the document ends inside <\(innermost)> (truncated?)")
        }
        return .malformed(line: line, reason: XMLErrorMessages.reason(forCode: code, openElement: open.last))
    }
}

/// Passes events on to the real handler while keeping the names of the open elements, to say where a
/// document ends or breaks.
private final class OpenElements: XMLEventHandler {
    let handler: any XMLEventHandler
    private(set) var names: [String] = []

    init(handler: any XMLEventHandler) {
        self.handler = handler
    }

    var failure: FeedParseError? { handler.failure }

    func start(element: XMLName, attributes: XMLAttributes) {
        names.append(element.qualified)
        handler.start(element: element, attributes: attributes)
    }

    func end(element: XMLName) {
        _ = names.popLast()
        handler.end(element: element)
    }

    func text(_ text: String) {
        handler.text(text)
    }
}

/// Where the document ends, to tell a truncated document from one broken in the middle.
private struct EndOfDocument {
    let lastLine: Int
    let lastLineLength: Int

    init(_ bytes: [UInt8]) {
        var end = bytes.count
        while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) {
            end -= 1
        }
        let content = bytes[0..<end]
        lastLine = content.count { $0 == 0x0A } + 1
        let lineStart = (content.lastIndex(of: 0x0A) ?? -1) + 1
        lastLineLength = end - lineStart
    }

    /// Whether libxml2's position (1-based line, column) is at the end of the content.
    func isAtEnd(line: Int, column: Int) -> Bool {
        line > lastLine || (line == lastLine && column >= lastLineLength)
    }
}
