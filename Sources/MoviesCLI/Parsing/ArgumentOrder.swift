/// Arguments given in the wrong order (`rate good 3` for `rate <id> <rating>`), told apart from a plain
/// bad value so the error can say the order rather than blame one word.
enum ArgumentOrder {
    /// The words in the order that parses, when the order given does not and another one does; nil
    /// when the order given is fine, or no order is (then a word is simply invalid).
    ///
    /// Only for commands whose arguments each take one word: a repeating argument has no order to fix.
    static func fix(_ assigned: [(ArgumentSpec, [String])]) -> [String]? {
        guard assigned.count >= 2, assigned.count <= 4,
            assigned.allSatisfy({ !$0.0.isRepeating && $0.1.count == 1 })
        else { return nil }
        let arguments = assigned.map(\.0)
        let words = assigned.compactMap(\.1.first)
        func fits(_ order: [String]) -> Bool {
            zip(arguments, order).allSatisfy { argument, word in argument.valueType.parse(word) != nil }
        }
        guard !fits(words) else { return nil }
        return permutations(of: words).first { $0 != words && fits($0) }
    }

    /// Every order of `words` (at most 4! = 24 of them).
    private static func permutations(of words: [String]) -> [[String]] {
        guard words.count > 1 else { return [words] }
        var result: [[String]] = []
        for index in words.indices {
            var rest = words
            let first = rest.remove(at: index)
            result += permutations(of: rest).map { [first] + $0 }
        }
        return result
    }
}
