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

    /// The edit distance between two strings, counting an insertion, a deletion, a substitution or a
    /// swap of two neighbours as one edit (optimal string alignment): `lits` is one typo from `list`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// `'a', 'b' and 'c'` as swift-argument-parser lists allowed values.
    static func quotedList(_ values: [String]) -> String {
        let quoted = values.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
    }
}
