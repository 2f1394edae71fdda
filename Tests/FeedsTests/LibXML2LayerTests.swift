import CXML2Loader
import FeedServer
import Foundation
import Testing

@testable import Feeds

/// What the libxml2 layer (`movies_xml_parse`, through `XMLSAXParser`) guarantees on its own, fed raw
/// documents that the feed reader's sanitizer would have cleaned first: no entity is ever expanded,
/// nothing is fetched, the declared encoding is ignored, and the budgets stop a parse where they say.
@Suite("libxml2 layer")
struct LibXML2LayerTests {
    /// Everything a parse reported.
    private final class Recorder: XMLEventHandler {
        var failure: FeedParseError?
        var events: [String] = []
        var text = ""
        var attributes: [[String: String]] = []
        var stopAfter: Int?

        func start(element: XMLName, attributes: XMLAttributes) {
            events.append("<\(element.qualified) ns=\(element.namespace)>")
            self.attributes.append(attributes.values)
            if let stopAfter, events.count >= stopAfter {
                failure = .notAFeed(rootElement: element.qualified)
            }
        }

        func end(element: XMLName) {
            events.append("</\(element.qualified)>")
        }

        func text(_ text: String) {
            self.text += text
        }
    }

    private func parse(
        _ xml: String, processorTime: Duration = .seconds(30), namespaces: Int = 128, stopAfter: Int? = nil
    ) -> (result: movies_xml_result, recorder: Recorder) {
        let recorder = Recorder()
        recorder.stopAfter = stopAfter
        let result = XMLSAXParser.parse(
            Array(xml.utf8), into: recorder,
            limits: XMLParseLimits(
                budget: ReadingBudget(processorTime: processorTime), maximumNamespacesInScope: namespaces))
        return (result, recorder)
    }

    @Test("libxml2 loads at run time")
    func loads() {
        #expect(LibXML2.unavailableMessage == nil)
        #expect(LibXML2.htmlEntity(ArraySlice("eacute".utf8)) == 0xE9)
        #expect(LibXML2.htmlEntity(ArraySlice("bogus".utf8)) == nil)
    }

    @Test("an external entity is never read: the reference is an undeclared entity and the parse stops")
    func externalEntity() {
        let requests = LibXML2.externalRequests
        let (result, recorder) = parse(
            """
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY i "inside">]>
            <r>a&x;b&i;c</r>
            """)
        #expect(result.stop == MOVIES_XML_STOP_ERROR)
        #expect(result.error_code == 26)  // XML_ERR_UNDECLARED_ENTITY
        #expect(result.error_line == 3)
        #expect(recorder.text == "a")
        #expect(LibXML2.externalRequests == requests)
    }

    @Test("an internal entity is never expanded, so a billion laughs costs nothing")
    func billionLaughs() {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!ENTITY l0 \"lol\">\n"
        for level in 1...9 {
            xml += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">\n"
        }
        xml += "]>\n<r>&l9;</r>"
        let (result, recorder) = parse(xml)
        #expect(result.stop == MOVIES_XML_STOP_ERROR)
        #expect(result.error_code == 26)
        #expect(recorder.text.isEmpty)
        #expect(result.elements == 1)
    }

    @Test("an external DTD and a parameter entity are not fetched: the server sees no request")
    func externalDTD() throws {
        let server = try TestHTTPServer { _ in .send(status: 200, body: Data("<!ENTITY x \"pwned\">".utf8)) }
        defer { server.stop() }
        let requests = LibXML2.externalRequests
        let dtd = server.url("/evil.dtd").absoluteString
        let withDTD = parse("<!DOCTYPE r SYSTEM \"\(dtd)\"><r>ok</r>")
        #expect(withDTD.result.stop == MOVIES_XML_STOP_NONE)
        #expect(withDTD.recorder.text == "ok")
        let withParameter = parse("<!DOCTYPE r [<!ENTITY % p SYSTEM \"\(dtd)\"> %p;]><r>&x;</r>")
        #expect(withParameter.result.stop == MOVIES_XML_STOP_ERROR)
        #expect(!withParameter.recorder.text.contains("pwned"))
        #expect(server.observed.requests.isEmpty)
        #expect(LibXML2.externalRequests == requests)
    }

    @Test("the document's declared encoding is ignored: the bytes are UTF-8")
    func ignoresDeclaredEncoding() {
        let (result, recorder) = parse("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r>café</r>")
        #expect(result.stop == MOVIES_XML_STOP_NONE)
        #expect(recorder.text == "café")
    }

    @Test("an undeclared prefix is not an error; attribute values come back as written")
    func namespacesAndAttributes() {
        let (result, recorder) = parse(
            "<r xmlns:a=\"urn:a\"><dc:creator a:x=\"1&amp;2&#38;3&lt;4&#233;\" xml:base=\"http://b/\">B</dc:creator></r>"
        )
        #expect(result.stop == MOVIES_XML_STOP_NONE)
        #expect(recorder.events.first == "<r ns=>")
        #expect(recorder.events.dropFirst().first == "<dc:creator ns=\(XMLNamespaces.dublinCore)>")
        #expect(recorder.attributes.last == ["a:x": "1&2&3<4é", "xml:base": "http://b/"])
    }

    @Test("nesting deeper than libxml2's limit is a fatal error that names the limit")
    func depth() {
        let xml = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        let (result, _) = parse(xml)
        #expect(result.stop == MOVIES_XML_STOP_ERROR)
        #expect(result.error_code == 1)
        #expect(result.error_int1 == 256)
        #expect(result.depth == 257)  // libxml2 accepts 256 levels under the root
    }

    @Test("a document cut short is XML_ERR_TAG_NOT_FINISHED at its last line")
    func truncated() {
        let (result, recorder) = parse("<rss>\n<channel>\n<title>Half a ti")
        #expect(result.error_code == 77)
        #expect(result.error_line == 3)
        #expect(recorder.text == "\n\nHalf a ti")
    }

    @Test("a processor-time budget of zero stops at the first check, after one element of many")
    func processorTime() {
        let xml = "<r>" + String(repeating: "<i>x</i>", count: 10_000) + "</r>"
        let (result, recorder) = parse(xml, processorTime: .zero)
        #expect(result.stop == MOVIES_XML_STOP_BUDGET)
        #expect(result.elements <= 1)
        #expect(recorder.events.count <= 1)
    }

    @Test("more namespace declarations in scope than the limit stop the parse where they pile up")
    func namespacesInScope() {
        var xml = "<r>"
        for level in 0..<20 {
            xml += "<e" + (0..<10).map { " xmlns:p\(level)_\($0)=\"urn:x\"" }.joined() + ">"
        }
        let (result, _) = parse(xml, namespaces: 128)
        #expect(result.stop == MOVIES_XML_STOP_NAMESPACES)
        #expect(result.elements == 14)  // the root, then 13 elements of 10: 130 in scope
        #expect(parse("<r xmlns:a=\"urn:a\"><a:x/></r>", namespaces: 1).result.stop == MOVIES_XML_STOP_NONE)
    }

    @Test("a handler that stops gets no more events")
    func handlerStops() {
        let (result, recorder) = parse("<r><a/><b/><c/></r>", stopAfter: 2)
        #expect(result.stop == MOVIES_XML_STOP_HANDLER)
        #expect(recorder.events == ["<r ns=>", "<a ns=>"])
    }
}
