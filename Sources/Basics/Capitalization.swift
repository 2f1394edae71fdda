extension StringProtocol {
    /// The text with its first letter made upper case, for a sentence built from a lower-case phrase.
    /// Only ASCII letters change: a sentence never starts with a user's value (a path, a title), whose
    /// case is theirs.
    package func capitalizingFirstLetter() -> String {
        guard let first = unicodeScalars.first, ("a"..."z").contains(first) else { return String(self) }
        return String(first).uppercased() + String(String.UnicodeScalarView(unicodeScalars.dropFirst()))
    }
}
