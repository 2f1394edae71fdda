import MoviesCore

/// A rating typed where a word goes (`rate 12 3.5`, `--rating ★★★½`: `TypedRating`) beside `--stars`, as
/// the store takes them: a word and stars. Stars typed in the word's place are stars, as if given with
/// `--stars`; the two options giving different stars are refused before anything is opened.
struct GivenRating: Hashable {
    var word: RatingWord?
    var stars: StarRating?

    init(_ typed: TypedRating?, stars: StarRating?) {
        word = typed?.word
        self.stars = typed?.stars ?? stars
    }

    /// Refuses stars typed as the rating (`name`: `--rating`, `the rating`) that differ from `--stars`.
    static func check(_ typed: TypedRating?, stars: StarRating?, name: String) throws(CommandLineRule) {
        guard let typedStars = typed?.stars, let stars, typedStars != stars else { return }
        throw CommandLineRule(
            "\(name) \(typedStars) and --stars \(stars) give two different ratings: give one of them")
    }
}
