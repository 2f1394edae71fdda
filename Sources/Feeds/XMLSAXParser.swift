import CXML2Loader

/// Receives a document's events with namespaces resolved; implemented by the feed and OPML readers.
protocol XMLEventHandler: AnyObject {
    /// Set to stop reading with this error (e.g. when the root element is of the wrong kind).
    var failure: FeedParseError? { get }
    func start(element: XMLName, attributes: XMLAttributes)
    func end(element: XMLName)
    func text(_ text: String)
}

/// The budget of one XML parse, checked while libxml2 runs (see `movies_xml_limits`).
struct XMLParseLimits {
    /// What the reading may still spend (processor time, cancellation); asked every 128 events and at
    /// every 64 KiB of input.
    var budget: ReadingBudget
    /// Namespace declarations in scope at once.
    var maximumNamespacesInScope: Int
    /// Whether to go on past fatal errors (libxml2's recovery mode), for a document the strict parse
    /// refused.
    var recover = false
}

/// Runs libxml2's SAX2 parser (`movies_xml_parse`) over a prepared document and hands its events to an
/// `XMLEventHandler`, as Swift strings.
///
/// Element names and namespace URIs come from libxml2's per-parse dictionary, so the same pointer
/// always holds the same name: each is turned into a `String` once per parse.
final class XMLSAXParser {
    private let handler: any XMLEventHandler
    private var names: [UnsafeRawPointer: String] = [:]
    private var elementNames: [ElementKey: XMLName] = [:]

    /// An element name as libxml2 gives it: three pointers into its dictionary (or NULL).
    private struct ElementKey: Hashable {
        var local: UnsafeRawPointer?
        var prefix: UnsafeRawPointer?
        var uri: UnsafeRawPointer?
    }

    private init(handler: any XMLEventHandler) {
        self.handler = handler
    }

    /// Parses `bytes` (UTF-8) into `handler`; what libxml2 reported at the end.
    static func parse(_ bytes: [UInt8], into handler: some XMLEventHandler, limits: XMLParseLimits)
        -> movies_xml_result
    {
        let parser = XMLSAXParser(handler: handler)
        var cLimits = movies_xml_limits(
            exhausted: ReadingBudget.exhausted, budget: Unmanaged.passUnretained(limits.budget).toOpaque(),
            maximum_namespaces_in_scope: Int32(clamping: limits.maximumNamespacesInScope),
            recover: limits.recover ? 1 : 0)
        var result = movies_xml_result()
        withExtendedLifetime((parser, limits.budget)) {
            var cHandler = movies_xml_handler(
                context: Unmanaged.passUnretained(parser).toOpaque(), start_element: startElement,
                end_element: endElement, text: characters)
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    movies_xml_parse(characters.baseAddress, characters.count, &cHandler, &cLimits, &result)
                }
            }
        }
        return result
    }

    // MARK: - Names

    private func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        let key = UnsafeRawPointer(pointer)
        if let known = names[key] {
            return known
        }
        let name = String(cString: pointer)
        names[key] = name
        return name
    }

    /// The element's name (made once per parse for each name), with undeclared conventional prefixes (`dc:`, `media:`...) mapped to the
    /// namespace careless feeds meant.
    private func name(local: UnsafePointer<CChar>?, prefix: UnsafePointer<CChar>?, uri: UnsafePointer<CChar>?)
        -> XMLName
    {
        let key = ElementKey(
            local: local.map(UnsafeRawPointer.init), prefix: prefix.map(UnsafeRawPointer.init),
            uri: uri.map(UnsafeRawPointer.init))
        if let known = elementNames[key] {
            return known
        }
        let name = makeName(local: local, prefix: prefix, uri: uri)
        elementNames[key] = name
        return name
    }

    private func makeName(
        local: UnsafePointer<CChar>?, prefix: UnsafePointer<CChar>?, uri: UnsafePointer<CChar>?
    )
        -> XMLName
    {
        let localName = string(local) ?? ""
        let prefixName = string(prefix)
        var namespace = string(uri) ?? ""
        if namespace.isEmpty, let prefixName {
            namespace = XMLNamespaces.conventionalPrefixes[prefixName] ?? ""
        }
        let qualified = prefixName.map { "\($0):\(localName)" } ?? localName
        return XMLName(namespace: namespace, local: localName, qualified: qualified)
    }

    private func attributes(_ list: UnsafePointer<movies_xml_attribute>?, count: Int) -> XMLAttributes {
        guard let list, count > 0 else { return XMLAttributes(values: [:]) }
        var values: [String: String] = [:]
        values.reserveCapacity(count)
        for attribute in UnsafeBufferPointer(start: list, count: count) {
            let local = string(attribute.local) ?? ""
            let key = string(attribute.prefix).map { "\($0):\(local)" } ?? local
            let bytes = UnsafeRawBufferPointer(
                start: attribute.value, count: Int(max(0, attribute.value_length)))
            var value = String(decoding: bytes, as: UTF8.self)
            if value.contains("&#38;") {
                // Without entity substitution libxml2 writes each "&" of a value as "&#38;" (and no
                // other reference is left in it), so this gives back the value as written.
                value = value.replacing("&#38;", with: "&")
            }
            if values[key] == nil {
                values[key] = value
            }
        }
        return XMLAttributes(values: values)
    }

    // MARK: - Callbacks from C

    private static func parser(_ context: UnsafeMutableRawPointer?) -> XMLSAXParser? {
        context.map { Unmanaged<XMLSAXParser>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let startElement:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
            UnsafePointer<movies_xml_attribute>?, Int32
        ) -> Int32 = { context, local, prefix, uri, attributes, count in
            guard let parser = parser(context) else { return 1 }
            let name = parser.name(local: local, prefix: prefix, uri: uri)
            parser.handler.start(element: name, attributes: parser.attributes(attributes, count: Int(count)))
            return parser.handler.failure == nil ? 0 : 1
        }

    private static let endElement:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?
        )
            -> Int32 = { context, local, prefix, uri in
                guard let parser = parser(context) else { return 1 }
                parser.handler.end(element: parser.name(local: local, prefix: prefix, uri: uri))
                return parser.handler.failure == nil ? 0 : 1
            }

    private static let characters:
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32) -> Int32 =
            { context, text, length in
                guard let parser = parser(context) else { return 1 }
                guard let text, length > 0 else { return 0 }
                let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
                parser.handler.text(String(decoding: bytes, as: UTF8.self))
                return 0
            }
}
