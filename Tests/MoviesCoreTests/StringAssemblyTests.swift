import Basics
import Testing

@Suite("Basics' string joining and replacing agree with the standard library's where they should")
struct StringAssemblyTests {
    /// Inside a generic function the call resolves to the standard library's version, not Basics'.
    static func standardLibraryJoined<Pieces: BidirectionalCollection>(_ pieces: Pieces, _ separator: String)
        -> String where Pieces.Element == String
    {
        pieces.joined(separator: separator)
    }

    @Test(
        "every list and separator",
        arguments: [
            [], [""], ["", ""], ["a"], ["a", "b", "c"], ["東京", "物語", ""], ["a\u{0301}", "\r", "\n"],
        ])
    func sameResult(pieces: [String]) {
        for separator in ["", ", ", "\u{0301}", "\n"] {
            #expect(pieces.joined(separator: separator) == Self.standardLibraryJoined(pieces, separator))
        }
        #expect(pieces.joined() == Self.standardLibraryJoined(pieces, ""))
    }

    /// Except where the control starts a longer character (`\r\n`, a tab and a combining mark): those
    /// are the next test's.
    @Test("replacing a control character scalar by scalar is replacing it character by character")
    func controls() {
        let pieces = ["a", "\t", "\n", "\r\n", "\r", "e\u{0301}", " ", "東"]
        var texts = [""]
        for _ in 0..<4 { texts += texts.flatMap { prefix in pieces.map { prefix + $0 } } }
        for text in texts where !text.contains("\r\n") {
            for control: Character in ["\t", "\n"] {
                let scalar = control.unicodeScalars.first ?? " "
                #expect(
                    text.replacingEach(scalar, with: "<>") == text.replacing(String(control), with: "<>"),
                    "\(text.debugDescription)")
            }
        }
    }

    @Test("the line feed of a CRLF is replaced too, and a tab a combining mark follows")
    func controlsInLongerCharacters() {
        #expect("one\r\ntwo\nthree".replacingEach("\n", with: "\n  ") == "one\r\n  two\n  three")
        #expect("a\t\u{0301}b".replacingEach("\t", with: "    ") == "a    \u{0301}b")
    }

    @Test("a quote is doubled even where a combining mark follows it")
    func quotes() {
        #expect("say \"\u{0301}hi\"".replacingEach("\"", with: "\"\"") == "say \"\"\u{0301}hi\"\"")
        #expect("no quotes".replacingEach("\"", with: "\"\"") == "no quotes")
    }
}
