/// Arguments given in the wrong order (`rate good 3` for `rate <id> <rating>`), told apart from a plain
/// bad value so the error can say the order rather than blame one word.
enum ArgumentOrder {
    /// The words in the order that parses beyond doubt, when the order given reads only as a title
    /// where an id goes and another order reads beyond doubt; nil when the order given is fine, or has
    /// a word that fits nowhere it is (then that word is simply invalid).
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
        // Beyond doubt: a title could be any word, so `rate good 3` reads (the film "good", 3 stars),
        // but only `rate 3 good` reads with an id (`fitsExactly`), and is the line suggested. An order
        // that does not read at all has a bad word (`rate 1 6`: no 6 stars), not a wrong order.
        func fitsExactly(_ order: [String]) -> Bool {
            zip(arguments, order).allSatisfy { argument, word in argument.valueType.fitsExactly(word) }
        }
        guard fits(words), !fitsExactly(words) else { return nil }
        return permutations(of: words).first { $0 != words && fits($0) && fitsExactly($0) }
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
