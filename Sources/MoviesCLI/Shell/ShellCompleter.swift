/// What Tab offers in the shell (with readline or libedit): commands, options, the values an option or
/// argument takes (ratings, sort keys, formats: the words the parser accepts), titles where a film goes
/// and feed addresses where a feed goes. Read from the same `CommandSpec` tree the shell's parser runs
/// on, as the bash, zsh and fish scripts are, so Tab never offers what the parser refuses.
struct ShellCompleter: Sendable {
    /// The screen's tree (`ShellTrees`).
    let tree: CommandSpec
    /// The titles on the list that start with a text (case aside), for a film argument.
    let titles: @Sendable (String) -> [String]
    /// The subscribed feeds' addresses, for a feed.
    let feeds: @Sendable () -> [String]

    /// What can replace the text a line editor takes as the word being typed: `line` is what is before
    /// the cursor, `wordStart` the byte offset where the editor's word starts (readline breaks words at
    /// its own characters, quotes among them). Each candidate is made for the word as this completer
    /// reads it (from the last space outside quotes, its opening quote included, or from the `=` of
    /// `--sort=ti`), then cut or extended to start where the editor's does.
    func completions(for line: String, wordStart: Int) -> [String] {
        let split = Self.split(line)
        let ownStart = line.utf8.distance(from: line.startIndex, to: split.start)
        let offset = split.valueStart.map { line.utf8.distance(from: line.startIndex, to: $0) } ?? ownStart
        let words = candidates(for: line)
        let bytes = Array(line.utf8)
        guard (0...bytes.count).contains(wordStart) else { return [] }
        if wordStart >= offset {
            // What was typed of the word before the editor's word, matched as titles are: case aside.
            let typed = String(decoding: bytes[offset..<wordStart], as: UTF8.self)
            return words.compactMap { word in
                let head = word.prefix(typed.count)
                return head.lowercased() == typed.lowercased() ? String(word.dropFirst(typed.count)) : nil
            }
        }
        let before = String(decoding: bytes[wordStart..<offset], as: UTF8.self)
        return words.map { before + $0 }
    }

    /// The words that can replace the word being typed at the end of `line` (from where `split` says it
    /// starts): a title with spaces, or any value typed after a quote, is offered in quotes.
    func candidates(for line: String) -> [String] {
        let split = Self.split(line)
        var current = split.current
        // Walk down the groups named so far.
        var spec = tree
        var rest = split.words[...]
        while let word = rest.first, let next = spec.subcommand(named: word) {
            spec = next
            rest = rest.dropFirst()
        }
        if split.words.isEmpty || (spec.hasSubcommands && rest.isEmpty && !current.hasPrefix("-")) {
            return Self.matching(current, spec.subcommands.map(\.name))
        }
        let options = spec.options.filter { !$0.isHidden } + ShellTrees.globalOptions
        // `--sort=ti`: the value after `=`, which readline takes as the word.
        if current.hasPrefix("--"), let equals = current.firstIndex(of: "="),
            let option = options.first(where: { "--" + $0.name == current[..<equals] })
        {
            current = String(current[current.index(after: equals)...])
            return values(option.completion, current, quote: split.quote)
        }
        if current.hasPrefix("-") {
            return Self.matching(current, options.map { "--" + $0.name })
        }
        // The value of the option just before, or the argument at this place.
        if let last = rest.last, let option = Self.option(named: last, in: options), option.takesValue {
            return values(option.completion, current, quote: split.quote)
        }
        var index = 0
        var words = rest.makeIterator()
        while let word = words.next() {
            if let option = Self.option(named: word, in: options) {
                if option.takesValue, !word.contains("=") { _ = words.next() }
            } else {
                index += 1
            }
        }
        let kind: CompletionKind? =
            if index < spec.arguments.count {
                spec.arguments[index].valueType.completion
            } else if let last =
                spec.arguments.last, last.isRepeating
            { last.valueType.completion } else { nil }
        return kind.map { values($0, current, quote: split.quote) } ?? []
    }

    private func values(_ kind: CompletionKind, _ current: String, quote: Character?) -> [String] {
        let found: [String]
        switch kind {
        case .none, .file: found = []
        case .list(let words): found = Self.matching(current, words)
        case .commandName: found = Self.matching(current, tree.subcommands.map(\.name))
        case .feed: found = Self.matching(current, feeds())
        case .film: found = titles(current)
        }
        return found.map { Self.quoted($0, with: quote) }
    }

    /// `word` as typed: in the quote opened for it, else in double quotes when it holds a space or a
    /// quote (`"Blade Runner"`), else as it is.
    private static func quoted(_ word: String, with quote: Character?) -> String {
        if let quote {
            return quote == "'" && !word.contains("'")
                ? "'\(word)'" : "\"" + word.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
        guard word.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" || $0 == "\\" }) else {
            return word
        }
        return "\"" + word.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    private static func option(named word: String, in options: [OptionSpec]) -> OptionSpec? {
        let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
        if name.hasPrefix("--") { return options.first { "--" + $0.name == name } }
        if name.count == 2, name.hasPrefix("-"), let letter = name.last {
            return options.first { $0.short == letter }
        }
        return nil
    }

    /// The candidates that start with `prefix`, case aside, in their order.
    private static func matching(_ prefix: String, _ candidates: [String]) -> [String] {
        let lowered = prefix.lowercased()
        return candidates.filter { $0.lowercased().hasPrefix(lowered) }
    }

    /// The words before the one being typed; that word, unquoted; where it starts in `line` (its
    /// opening quote included) and, in `--sort=ti`, where its value starts; the quote it is inside.
    static func split(_ line: String) -> (
        words: [String], current: String, start: String.Index, valueStart: String.Index?, quote: Character?
    ) {
        var words: [String] = []
        var current = ""
        var start = line.startIndex
        var valueStart: String.Index?
        var quote: Character?
        var escaped = false
        for index in line.indices {
            let character = line[index]
            if escaped {
                current.append(character)
                escaped = false
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" || character == "'" {
                quote = character
                if current.hasPrefix("--"), current.hasSuffix("=") { valueStart = index }
            } else if character == " " || character == "\t" {
                if !current.isEmpty { words.append(current) }
                current = ""
                start = line.index(after: index)
                valueStart = nil
            } else {
                current.append(character)
                if character == "=", current.hasPrefix("--"), valueStart == nil {
                    valueStart = line.index(after: index)
                }
            }
        }
        return (words, current, start, valueStart, quote)
    }
}
