import Basics
import Testing

@Suite("[String].joined(separator:) gives what the standard library's does")
struct StringJoiningTests {
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
}
