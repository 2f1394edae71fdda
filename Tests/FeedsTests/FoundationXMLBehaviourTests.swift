import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Canaries for how FoundationXML's `XMLParser` (libxml2) behaves on its own, without the feed
/// reader's sanitizing. The reader does not rely on any of this (it strips the DOCTYPE first), but
/// if a toolchain update changes it, these tests say so.
@Suite("FoundationXML behaviour")
struct FoundationXMLBehaviourTests {
    private final class TextCollector: NSObject, XMLParserDelegate {
        var text = ""
        var errorCodes: [Int] = []

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            errorCodes.append((parseError as NSError).code)
        }
    }

    private func run(_ xml: String) -> (succeeded: Bool, error: Error?, collector: TextCollector) {
        let collector = TextCollector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = collector
        let succeeded = parser.parse()
        return (succeeded, parser.parserError, collector)
    }

    @Test("external entities are not resolved, internal ones not expanded, text is lost")
    func entities() {
        let result = run(
            """
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY i "inside">]>
            <r>a&x;b&i;c</r>
            """)
        #expect(!result.collector.text.contains("root:"))
        #expect(!result.collector.text.contains("inside"))
        // Worse than dropping the reference: the text right after an external one ("b") is lost too.
        #expect(result.collector.text == "ac")
    }

    @Test("billion laughs stops with an entity-loop error, quickly")
    func billionLaughs() {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!ENTITY l0 \"lol\">\n"
        for level in 1...9 {
            xml += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">\n"
        }
        xml += "]>\n<r>&l9;</r>"
        let result = run(xml)
        #expect(!result.succeeded)
        #expect(result.collector.errorCodes.contains(89))
    }

    @Test("a truncated document reports an error although parse() returns true")
    func truncatedStillSucceeds() {
        let result = run("<rss><channel><item>")
        #expect(result.succeeded)
        #expect(result.error != nil)
        #expect((result.error as NSError?)?.code == 5)
    }

    @Test("empty data parses successfully with no error and no element")
    func emptyData() {
        let result = run("")
        #expect(result.succeeded)
        #expect(result.error == nil)
    }

    @Test("HTML named entities are undeclared-entity errors (code 26) and parse() fails")
    func htmlEntities() {
        let result = run("<r>caf&eacute;</r>")
        #expect(!result.succeeded)
        #expect(result.collector.errorCodes.first == 26)
    }
}
