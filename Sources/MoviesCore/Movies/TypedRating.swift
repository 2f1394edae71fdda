/// A rating as a person types it where a rating goes (`movies rate 12 good`, `--rating 3.5`, the shell's
/// forms): a word, or stars. The one reader of a typed rating, so that `rate 12 3.5`, `rate 12 3,5`,
/// `rate 12 3½` and `rate 12 ★★★½` rate in stars wherever a word is taken, as `--stars` does.
public enum TypedRating: Sendable, Hashable {
    /// One of the seven words (`RatingWord(typed:)`).
    case word(RatingWord)
    /// Stars in any form `StarRating(typed:)` reads: `3.5`, `3,5`, `3½`, `★★★½`.
    case stars(StarRating)

    /// A word first (no word is also a number of stars), then stars; nil for anything else.
    public init?(typed text: String) {
        if let word = RatingWord(typed: text) {
            self = .word(word)
        } else if let stars = StarRating(typed: text) {
            self = .stars(stars)
        } else {
            return nil
        }
    }

    /// The word typed, or nil for stars.
    public var word: RatingWord? {
        if case .word(let word) = self { word } else { nil }
    }

    /// The stars typed, or nil for a word.
    public var stars: StarRating? {
        if case .stars(let stars) = self { stars } else { nil }
    }
}
