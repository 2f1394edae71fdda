/// The line a page ends with when more follow: the whole command for the next page, to paste as it is.
///
/// `More movies: continue with movies list --sort title --limit 2 --after title:Heat:2`. It repeats
/// every option the page depends on (filter, order, direction, size, format, database), so following
/// it gives the next page of the same list; `--after` comes last, where a script finds the cursor.
/// It goes to standard error, after the page's output has been flushed, so it follows the page on a
/// terminal (and in the pager) and stays out of what a program reads from standard output.
enum NextPageHint {
    /// `More <noun>: continue with <command>`, the command's words quoted for a shell where needed.
    static func line(_ noun: String, command words: [String]) -> String {
        "More \(noun): continue with " + words.map(shellQuoted).joined(separator: " ")
    }

    /// `word` as any POSIX shell (and fish) reads it back: as it is when it holds only characters no
    /// shell treats specially, else in single quotes (a quote inside written `'\''`).
    ///
    /// Read scalar by scalar, as a shell reads bytes: a quote followed by a combining mark is still a
    /// quote to the shell, though not a character of its own to Swift.
    static func shellQuoted(_ word: String) -> String {
        let scalars = word.unicodeScalars
        let isPlain =
            scalars.first.map { $0 != "=" && $0 != "%" } ?? false
            && scalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", ":", ",", "@", "%", "+", "=": true
                default: false
                }
            }
        if isPlain { return word }
        return "'" + word.replacingEach("'", with: "'\\''") + "'"
    }

    /// `--db PATH` when the command was given one: the next page must read the same file.
    @MainActor
    static func databaseWords(_ context: CommandContext) -> [String] {
        // `if let`, not `Optional.map`: a closure made here is main-actor isolated, and handed to a
        // nonisolated function it checks the executor at run time, which starts the concurrency runtime.
        if let path = context.databasePathOption { ["--db", path] } else { [] }
    }

    /// `movies --db PATH add Title`: a command a hint suggests, with the options that chose this
    /// command's file, so following it works on the same list and not the default one. `words` are
    /// quoted for a shell; a placeholder such as `<id>` is written as it is.
    @MainActor
    static func command(_ words: String..., in context: CommandContext) -> String {
        commandLine(["movies"] + databaseWords(context), words)
    }

    /// `leading` quoted, then `words` quoted but for placeholders (`<id>`, `"Title"`), joined by spaces.
    /// Not main-actor isolated, so its closures are plain ones (see `databaseWords`).
    private static func commandLine(_ leading: [String], _ words: [String]) -> String {
        (leading.map(shellQuoted)
            + words.map { word in
                let first = word.unicodeScalars.first
                return first == "<" || first == "\"" ? word : shellQuoted(word)
            })
            .joined(separator: " ")
    }
}
