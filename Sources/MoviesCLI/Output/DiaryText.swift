import MoviesCore

/// How viewings read for people: the diary's table, a viewing in one line, and a film's viewings in
/// `show`, as Letterboxd's diary draws them (the day, the film, the stars given then, ↻ for a rewatch,
/// ✎ where there is a review).
enum DiaryText {
    /// `2024-03-09  Heat (1995)  good ★★★★  ↻ ✎  #imax`.
    static func line(_ viewing: Viewing, of movie: Movie, glyphs: Glyphs) -> String {
        var parts = [
            viewing.watchedOn?.description ?? "date unknown", TerminalText.singleLine(movie.titleWithYear),
        ]
        let rating = self.rating(viewing, glyphs: glyphs)
        if !rating.isEmpty { parts.append(rating) }
        let marks = self.marks(viewing)
        if !marks.isEmpty { parts.append(marks) }
        if !viewing.tags.isEmpty { parts.append(tags(viewing)) }
        return parts.joined(separator: "  ")
    }

    /// The rating given then: `good ★★★★`, `good` (a word only), or nothing.
    static func rating(_ viewing: Viewing, glyphs: Glyphs) -> String {
        guard viewing.rating != .notSeen else { return "" }
        let word = RatingWord(viewing.rating).rawValue
        return viewing.stars.map { "\(word) \(glyphs.stars($0))" } ?? word
    }

    /// `↻` for a rewatch, `✎` where there is a review.
    static func marks(_ viewing: Viewing) -> String {
        [viewing.isRewatch ? "↻" : nil, viewing.review != nil ? "✎" : nil].compactMap { $0 }.joined(
            separator: " ")
    }

    /// `#cinema #with sam`.
    static func tags(_ viewing: Viewing) -> String {
        TerminalText.singleLine(viewing.tags.map { "#" + $0 }.joined(separator: " "))
    }

    /// The diary as an aligned table fitted to the terminal.
    static func table(_ entries: [DiaryEntry], terminal: Terminal, glyphs: Glyphs) -> String {
        var table = Table(columns: [
            Table.Column(title: "VIEWING", alignRight: true), Table.Column(title: "DATE"),
            Table.Column(title: "TITLE", isShortenable: true),
            Table.Column(title: "YEAR", alignRight: true, dropRank: 3),
            Table.Column(title: "RATING"), Table.Column(title: "", dropRank: 2),
            Table.Column(title: "TAGS", isShortenable: true, dropRank: 1),
        ])
        let rows = entries.map { entry -> [String] in
            let viewing = entry.viewing
            return [
                String(viewing.id), viewing.watchedOn?.description ?? "?", entry.movie.title,
                entry.movie.year.map(String.init) ?? "", rating(viewing, glyphs: glyphs), marks(viewing),
                viewing.tags.map { $0 }.joined(separator: ", "),
            ]
        }
        for row in rows { table.measure(row) }
        if entries.allSatisfy({ $0.viewing.tags.isEmpty }) { table.hideColumn(at: 6) }
        table.fit(width: terminal.columns)
        return table.header(style: terminal.bold) + rows.map(table.line).joined()
    }

    /// A film's viewings for `show`, newest first, each on its line with its id and review.
    static func viewings(_ viewings: [Viewing], glyphs: Glyphs) -> [String] {
        viewings.map { viewing in
            var line = "viewing \(viewing.id)  \(viewing.watchedOn?.description ?? "date unknown")"
            let rating = self.rating(viewing, glyphs: glyphs)
            if !rating.isEmpty { line += "  " + rating }
            let marks = self.marks(viewing)
            if !marks.isEmpty { line += "  " + marks }
            if !viewing.tags.isEmpty { line += "  " + tags(viewing) }
            if let review = viewing.review {
                let text = review.replacingEach("\t", with: "    ").split(
                    separator: "\n", omittingEmptySubsequences: false
                )
                .map { TerminalText.sanitized(String($0)) }
                line += "\n    " + text.joined(separator: "\n    ")
            }
            return line
        }
    }
}
