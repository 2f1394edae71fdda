/// Turning a person's search text into a pattern SQLite matches literally.
enum SearchPattern {
    /// `%text%` for `LIKE ... ESCAPE '\'`, with `%`, `_` and `\` in the text escaped: a title containing
    /// `100%` is searched for, not treated as a wildcard.
    static func likePattern(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "%", with: "\\%"
        )
        .replacingOccurrences(of: "_", with: "\\_")
        return "%" + escaped + "%"
    }
}
