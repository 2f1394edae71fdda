import Testing

@testable import MoviesCLI

@Suite("Text for a terminal")
struct TerminalTextTests {
    @Test("on one line: line breaks and tabs become spaces, controls are shown, other text is kept")
    func singleLine() {
        #expect(TerminalText.singleLine("Heat") == "Heat")
        #expect(TerminalText.singleLine("千と千尋の神隠し") == "千と千尋の神隠し")
        #expect(TerminalText.singleLine("神\t隠\r\nし") == "神 隠  し")
        #expect(TerminalText.singleLine("Amélie\n\u{1B}[2J") == "Amélie ^[[2J")
        #expect(TerminalText.singleLine("a\u{202E}b") == "a<U+202E>b")
    }
}
