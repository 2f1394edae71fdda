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
    static func shellQuoted(_ word: String) -> String {
        let isPlain =
            !word.isEmpty && !word.hasPrefix("=") && !word.hasPrefix("%")
            && word.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", ":", ",", "@", "%", "+", "=": true
                default: false
                }
            }
        if isPlain { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
            + "'"
    }

    /// `--db PATH` when the command was given one: the next page must read the same file.
    @MainActor
    static func databaseWords(_ context: CommandContext) -> [String] {
        context.databasePathOption.map { ["--db", $0] } ?? []
    }

    /// `movies --db PATH add Title`: a command a hint suggests, with the options that chose this
    /// command's file, so following it works on the same list and not the default one. `words` are
    /// quoted for a shell; a placeholder such as `<id>` is written as it is.
    @MainActor
    static func command(_ words: String..., in context: CommandContext) -> String {
        (["movies"] + databaseWords(context).map(shellQuoted)
            + words.map { $0.hasPrefix("<") || $0.hasPrefix("\"") ? $0 : shellQuoted($0) })
            .joined(separator: " ")
    }
}
