import Basics

/// "Did you mean" suggestions for mistyped commands, options and values.
enum Suggestion {
    /// The candidate closest to `input` by edit distance, if close enough to be a plausible typo.
    static func closest(to input: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(input.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let tolerance = max(1, min(3, input.count / 3))
        if best.1 <= tolerance { return best.0 }
        // A prefix of a longer name (`--rat` for `--rating`) is a plausible intent too.
        return candidates.first { $0.hasPrefix(input) && input.count >= 2 }
    }

    /// The edit distance between two strings (`EditDistance`): `lits` is one typo from `list`.
    static func distance(_ a: String, _ b: String) -> Int { EditDistance.between(a, b) }

    /// `'a', 'b' and 'c'` as swift-argument-parser lists allowed values.
    static func quotedList(_ values: [String]) -> String {
        let quoted = values.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
    }
}
