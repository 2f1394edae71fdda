import TestSupport
import Testing

@testable import Feeds

/// HTML reduction to terminal-safe plain text, through libxml2's HTML parser.
@Suite("HTMLText")
struct HTMLTextTests {
    @Test("tags are stripped and block elements become line breaks")
    func blocks() {
        let html =
            "<h1>Title</h1><p>First <b>bold</b> para.</p><p>Second<br>line</p>"
            + "<ul><li>one</li><li>two</li></ul>"
        #expect(
            HTMLText.plainText(fromHTML: html) == "Title\n\nFirst bold para.\n\nSecond\nline\n\n• one\n• two")
        #expect(HTMLText.plainText(fromHTML: "<div>a</div><div>b</div>") == "a\nb")
        #expect(HTMLText.plainText(fromHTML: "a<br/><br/><br/><br/>b") == "a\n\nb")
        #expect(HTMLText.plainText(fromHTML: "a<br></br>b") == "a\nb")
    }

    @Test("script, style and comments disappear with their content")
    func rawText() {
        let html =
            "a<script type=\"x\">if (a < b) { alert('</p>') }</script>b"
            + "<style>p { color: red }</style>c<!-- hidden -->d"
        #expect(HTMLText.plainText(fromHTML: html) == "abcd")
        #expect(HTMLText.plainText(fromHTML: "a<SCRIPT>x</SCRIPT >b") == "ab")
        #expect(HTMLText.plainText(fromHTML: "a<script>never closed") == "a")
        #expect(HTMLText.plainText(fromHTML: "a<!-- never closed") == "a")
    }

    @Test("entities are decoded, unknown ones kept literally")
    func entities() {
        #expect(
            HTMLText.plainText(fromHTML: "caf&eacute; &amp; cr&egrave;me&nbsp;br&ucirc;l&eacute;e")
                == "café & crème brûlée")
        #expect(HTMLText.plainText(fromHTML: "&#233;&#xE9;&#XE9; &#8217; &#146;") == "ééé ’ ’")
        #expect(HTMLText.plainText(fromHTML: "AT&T &bogus; &amp") == "AT&T &bogus; &amp")
        #expect(HTMLText.plainText(fromHTML: "&lt;b&gt;not a tag&lt;/b&gt;") == "<b>not a tag</b>")
        // References to characters that cannot exist are dropped by libxml2.
        #expect(HTMLText.plainText(fromHTML: "a&#0;&#xD800;&#x110000;b") == "ab")
    }

    @Test("angle brackets that are not tags stay")
    func notTags() {
        #expect(HTMLText.plainText(fromHTML: "a < b and c > d") == "a < b and c > d")
        #expect(HTMLText.plainText(fromHTML: "x<3 and <Friends>") == "x<3 and <Friends>")
        #expect(HTMLText.plainText(fromHTML: "<o:p>office</o:p>") == "office")
        #expect(HTMLText.plainText(fromHTML: "a <my-tag>custom</my-tag> b") == "a custom b")
        #expect(HTMLText.singleLine(fromHTML: "Media &amp; <Friends>") == "Media & <Friends>")
        #expect(HTMLText.plainText(fromHTML: "<a href=\"x>y\">link</a>") == "link")
    }

    @Test("white space is collapsed and trimmed")
    func whitespace() {
        #expect(HTMLText.plainText(fromHTML: "  <p>  a \t\n  b  </p>  ") == "a b")
        #expect(HTMLText.plainText(fromHTML: "") == "")
        #expect(HTMLText.plainText(fromHTML: "plain\n\n\n\ntext\nlines") == "plain\n\ntext\nlines")
    }

    @Test("titles come out on a single line")
    func singleLine() {
        #expect(
            HTMLText.singleLine(fromHTML: "<p>Breaking:</p><p>news<br>today</p>\n") == "Breaking: news today")
        #expect(HTMLText.plainText(fromText: "a\n\nb  c", singleLine: true) == "a b c")
    }

    @Test("control characters and escape sequences are removed")
    func terminalSafety() {
        let hostile =
            "\u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07}osc \u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\ "
            + "\u{9B}2Jc1 bell\u{07} del\u{7F} nul\u{0} \u{202E}bidi \u{1B}c reset \u{1B}(B charset"
        let text = HTMLText.plainText(fromHTML: hostile)
        #expect(text == "red osc link c1 bell del nul bidi reset charset")
        // &#x9b; is shown as Windows-1252 does (›), like browsers; &#27; (ESC) is dropped.
        #expect(HTMLText.plainText(fromHTML: "a&#27;[31mb&#x9b;c") == "a[31mb›c")
        #expect(
            OutsideText.safeToShow("keep\ttabs\nand lines\r\n\u{1B}[1mbold") == "keep\ttabs\nand lines\nbold")
    }

    @Test("arbitrary input never crashes")
    func fuzz() {
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("<>/&;#x!-[]'\"= abcpscriptstyle\u{1B}\u{9B}\u{7}é\n")
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...80, using: &generator)
            let text = String(
                (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            let output = HTMLText.plainText(fromHTML: text)
            #expect(
                !output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 })
        }
    }
}
