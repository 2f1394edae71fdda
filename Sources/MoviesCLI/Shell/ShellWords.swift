/// Splits a shell input line into words the way a POSIX shell quotes: `"..."`, `'...'` and backslash.
///
/// `add "Blade Runner" --note 'it\'s "final"'` gives `add`, `Blade Runner`, `--note`, `it's "final"`… except
/// that inside single quotes nothing is special (as in sh). A `#` starting a word begins a comment, except
/// before a digit: `show #5` is `show` and `5`'s id, `#5`.
enum ShellWords {
    /// Why a line could not be split.
    struct SplitError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    static func split(_ line: String) throws(SplitError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var iterator = line.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            switch scalar {
            case " ", "\t", "\n", "\r":
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            case "#" where !inWord:
                // `#5` is an id, as the program once printed them and people still type them; any other
                // `#` starting a word begins a comment.
                var lookahead = iterator
                guard let next = lookahead.next(), ("0"..."9").contains(next) else { return words }
                inWord = true
                current.unicodeScalars.append(scalar)
            case "'":
                inWord = true
                while true {
                    guard let next = iterator.next() else {
                        throw SplitError(description: "unterminated ' quote")
                    }
                    if next == "'" { break }
                    current.unicodeScalars.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = iterator.next() else {
                        throw SplitError(description: "unterminated \" quote")
                    }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = iterator.next() else {
                            throw SplitError(description: "unterminated \" quote")
                        }
                        // Inside double quotes a backslash escapes only these (POSIX 2.2.3).
                        if !["\"", "\\", "$", "`"].contains(escaped) {
                            current.unicodeScalars.append("\\")
                        }
                        current.unicodeScalars.append(escaped)
                    } else {
                        current.unicodeScalars.append(next)
                    }
                }
            case "\\":
                guard let escaped = iterator.next() else {
                    throw SplitError(description: "a backslash at the end of the line escapes nothing")
                }
                inWord = true
                current.unicodeScalars.append(escaped)
            default:
                inWord = true
                current.unicodeScalars.append(scalar)
            }
        }
        if inWord {
            words.append(current)
        }
        return words
    }
}
