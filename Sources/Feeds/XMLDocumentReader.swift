import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Receives a document's events with namespaces resolved; implemented by the feed and OPML readers.
protocol XMLEventHandler: AnyObject {
    /// Set to stop reading with this error (e.g. when the root element is of the wrong kind).
    var failure: FeedParseError? { get }
    func start(element: XMLName, attributes: XMLAttributes)
    func end(element: XMLName)
    func text(_ text: String)
}

/// Runs FoundationXML's `XMLParser` (libxml2) over a sanitized document and turns its error codes
/// into `FeedParseError`s with a line number and a short reason.
///
/// libxml2 is run in its recovering mode by FoundationXML and goes on after most errors; this stops
/// at the first error that matters, so a truncated or broken document is an error, not a partial feed.
enum XMLDocumentReader {
    /// Prepares `data` (size cap, encoding, sanitizing), checks the root element with `acceptRoot`
    /// and reads the document into `handler`.
    static func read(
        _ data: Data, limit: Int, handler: some XMLEventHandler,
        acceptRoot: (String) -> FeedParseError?
    ) throws(FeedParseError) {
        guard data.count <= limit else {
            throw .tooLarge(bytes: data.count, limit: limit)
        }
        guard data.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0) })
        else { throw .empty }
        let bytes = try XMLEncoding.declaringUTF8(
            XMLSanitizer.sanitize(XMLEncoding.normalize(data), isUTF8: true))
        let root = try RootSniffer.rootElement(of: bytes)
        if let refusal = acceptRoot(root) {
            throw refusal
        }
        let delegate = ParserDelegate(handler: handler, endOfDocument: EndOfDocument(bytes))
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        _ = parser.parse()
        parser.delegate = nil
        if let failure = handler.failure {
            throw failure
        }
        if let error = delegate.error {
            throw error
        }
        guard delegate.sawRoot else {
            throw .malformed(line: max(1, parser.lineNumber), reason: "the document has no root element")
        }
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
        lastLine = content.filter { $0 == 0x0A }.count + 1
        let lineStart = (content.lastIndex(of: 0x0A) ?? -1) + 1
        lastLineLength = end - lineStart
    }

    /// Whether libxml2's position (1-based line, column) is at the end of the content.
    func isAtEnd(line: Int, column: Int) -> Bool {
        line > lastLine || (line == lastLine && column >= lastLineLength)
    }
}

/// The `XMLParserDelegate` behind `XMLDocumentReader`; lives only for one parse on one thread.
private final class ParserDelegate: NSObject, XMLParserDelegate {
    let handler: any XMLEventHandler
    var error: FeedParseError?
    var sawRoot = false
    /// No real feed nests anywhere near this deep; a document that does is an attack on time or memory.
    static let maximumDepth = 1000
    private let endOfDocument: EndOfDocument
    private var openElements: [String] = []
    private var stopped = false

    init(handler: any XMLEventHandler, endOfDocument: EndOfDocument) {
        self.handler = handler
        self.endOfDocument = endOfDocument
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        guard !stopped else { return }
        sawRoot = true
        let name = ParserDelegate.name(local: elementName, namespace: namespaceURI, qualified: qName)
        openElements.append(name.qualified)
        guard openElements.count <= ParserDelegate.maximumDepth else {
            let reason = "elements nested more than \(ParserDelegate.maximumDepth) deep"
            error = .malformed(line: max(1, parser.lineNumber), reason: reason)
            stop(parser)
            return
        }
        handler.start(element: name, attributes: XMLAttributes(values: attributeDict))
        stopIfFailed(parser)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?
    ) {
        guard !stopped else { return }
        _ = openElements.popLast()
        handler.end(
            element: ParserDelegate.name(local: elementName, namespace: namespaceURI, qualified: qName))
        stopIfFailed(parser)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stopped else { return }
        handler.text(string)
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard !stopped else { return }
        handler.text(String(decoding: block, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {
        guard !stopped else { return }
        handler.text(whitespaceString)
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        nil
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard !stopped else { return }
        let code = (parseError as NSError).code
        guard !XMLErrorMessages.isIgnorable(code) else { return }
        if code == 31 || code == 32 || code == 81 {
            error = .unsupportedEncoding("unknown")
        } else if !openElements.isEmpty,
            endOfDocument.isAtEnd(line: parser.lineNumber, column: parser.columnNumber)
        {
            let reason = "the document ends inside <\(openElements[openElements.count - 1])> (truncated?)"
            error = .malformed(line: max(1, parser.lineNumber), reason: reason)
        } else {
            let reason = XMLErrorMessages.reason(forCode: code, openElement: openElements.last)
            error = .malformed(line: max(1, parser.lineNumber), reason: reason)
        }
        stop(parser)
    }

    private func stopIfFailed(_ parser: XMLParser) {
        if handler.failure != nil {
            stop(parser)
        }
    }

    private func stop(_ parser: XMLParser) {
        stopped = true
        parser.abortParsing()
    }

    /// Resolves an element name, mapping undeclared conventional prefixes (`dc:`, `media:`...).
    private static func name(local: String, namespace: String?, qualified: String?) -> XMLName {
        let qualifiedName = qualified ?? local
        var namespaceURI = namespace ?? ""
        var localName = local
        if namespaceURI.isEmpty, let colon = qualifiedName.firstIndex(of: ":") {
            let prefix = String(qualifiedName[..<colon])
            localName = String(qualifiedName[qualifiedName.index(after: colon)...])
            namespaceURI = XMLNamespaces.conventionalPrefixes[prefix] ?? ""
        }
        return XMLName(namespace: namespaceURI, local: localName, qualified: qualifiedName)
    }
}
