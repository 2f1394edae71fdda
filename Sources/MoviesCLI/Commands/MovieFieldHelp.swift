/// The help of the options that set a movie's fields, shared by `add`, `edit` and `rate`.
enum MovieFieldHelp {
    /// A film named where one goes (`show`, `rate`, `edit`, `unwatch`...): `CommandContext.existingFilm`.
    static let film = "The movie's id, as `list` shows it, or its title (\"Heat (1995)\" where two share it)."
    static let rating =
        "How much you liked it, as a word or as stars (4.5); seen for a movie you saw without rating it."
    static let stars = "Letterboxd-style stars, 0.5 to 5 in halves; the rating word follows from them."
    static let year = "The release year (1870–2100)."
    static let watched = "The day you watched it: YYYY-MM-DD, today or yesterday."
    static let note = "A note to keep with it."
    static let imdb =
        "The film's IMDb id (tt0113277), which tells it apart from another of its title and year."
    static let letterboxd =
        "The film's Letterboxd address (https://letterboxd.com/film/heat-1995/ or https://boxd.it/2b5I)."
    /// Added to the help of `edit`'s options that an empty value clears.
    static let clears = " An empty value clears it."
    /// `-w` and `-n`, the letters `--watched` and `--note` had before `-w` came to mean `--watch` and
    /// `-n` `--dry-run` everywhere: refused by `add` and `edit` with "did you mean" naming the option, so
    /// a letter never means two things (`OptionSpec.retiredLetters`).
    static let retiredWatched: [Character] = ["w"]
    /// `-y`, `--year`'s letter before `rm -y` (`--yes`) took it.
    static let retiredYear: [Character] = ["y"]
    static let retiredNote: [Character] = ["n"]
}
