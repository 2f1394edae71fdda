import Basics

/// What a command line asks for, once parsed.
enum ParseResult {
    /// Run the command at the end of `arguments.commandPath`.
    case run(ParsedArguments)
    /// Print the help of the command at `path` (names from the root).
    case help(path: [String])
    /// Print the version.
    case version
    /// The root given no command (`movies` alone): its short usage, on stderr, exit 64, as `git` and
    /// `rg` alone do.
    case shortUsage(path: [String])
}

/// Turns argv into a `ParseResult` following a `CommandSpec` tree, in the conventions of
/// swift-argument-parser: `--name value`, `--name=value`, `-n value`, flags, `--` ends options,
/// options anywhere among positionals, `-h`/`--help` at any depth.
///
/// Two passes: the words first find their command, options and arguments (unknown names, missing
/// values and arguments are refused here), then each value is parsed as its declared type, so a
/// command receives typed values and every value is parsed in exactly one place.
struct ArgumentParser {
    let root: CommandSpec
    /// Options every command accepts (`--db`, `--help`).
    let globalOptions: [OptionSpec]

    /// The flags the parser itself acts on, wherever they appear.
    private static let help = CommonOptions.help.name
    private static let version = MoviesCLI.versionFlag.name

    func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
        var path = [root]
        var current: CommandSpec { path[path.count - 1] }
        var positionals: [String] = []
        /// Each value-taking option with its text, in the order given.
        var optionTexts: [(option: OptionSpec, text: String)] = []
        var flags: Set<String> = []
        var remaining = arguments[...]
        var optionsEnded = false

        while let token = remaining.popFirst() {
            if optionsEnded || token == "-" || token.unicodeScalars.first != "-"
                || Self.isNegativeNumber(token)
            {
                // A command word descends into the subcommand, as long as no positional came first. `--`
                // ends the options of the command it follows, not the command words: `movies --db x.sqlite
                // -- list --seen` lists, taking `--seen` as list's option.
                if positionals.isEmpty, current.hasSubcommands {
                    if let subcommand = current.subcommand(named: token) {
                        path.append(subcommand)
                        optionsEnded = false
                        continue
                    }
                    if current.arguments.isEmpty {
                        throw unknownCommand(token, in: path)
                    }
                }
                positionals.append(token)
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            let (option, inlineValue) = try lookUpOption(token, in: path)
            guard option.takesValue else {
                if inlineValue != nil {
                    throw error(.unexpectedValue(option: "--\(option.name)"), path)
                }
                flags.insert(option.name)
                continue
            }
            // A value-taking option takes the next word whatever it looks like (`--note "-5 stars"`).
            guard let value = inlineValue ?? remaining.popFirst() else {
                // --help after an option without its value still means help.
                if flags.contains(Self.help) { return .help(path: path.map(\.name)) }
                throw error(.missingValue(option: option.display), path)
            }
            optionTexts.append((option, value))
        }

        if flags.contains(Self.help) { return .help(path: path.map(\.name)) }
        if path.count == 1, flags.contains(Self.version) { return .version }
        if path.count == 1, positionals.isEmpty, current.handler == nil {
            return .shortUsage(path: path.map(\.name))
        }
        // A group that does nothing itself (`news`) shows its help; one that does (`diary`) runs.
        if current.hasSubcommands, current.arguments.isEmpty, current.handler == nil {
            return .help(path: path.map(\.name))
        }
        let argumentTexts = try assign(positionals, to: current, path)
        for option in current.options where option.isRequired {
            if !optionTexts.contains(where: { $0.option.name == option.name }) {
                throw error(.missingOption(option: option.display), path)
            }
        }

        // Typed values, once the line's shape is known: the arguments in order, then the options as given.
        if let reordered = ArgumentOrder.fix(argumentTexts) {
            throw error(
                .argumentsOutOfOrder(
                    expected: argumentTexts.map(\.0.display), reordered: reordered), path)
        }
        var positionalValues: [String: [any Sendable]] = [:]
        for (argument, texts) in argumentTexts {
            positionalValues[argument.name] = try texts.map { text throws(UsageError) in
                try value(of: text, as: argument.valueType, for: argument.display, path)
            }
        }
        var optionValues: [String: [any Sendable]] = [:]
        for (option, text) in optionTexts {
            guard let valueType = option.valueType else { continue }
            // `--rating good,excellent`: an enumerated repeating option also takes a list.
            let parts =
                option.isRepeating && valueType.allowedValues != nil
                ? text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [text]
            for part in parts {
                optionValues[option.name, default: []].append(
                    try value(of: part, as: valueType, for: option.display, path))
            }
        }
        return .run(
            ParsedArguments(
                commandPath: path.map(\.name), command: current, options: optionValues,
                positionals: positionalValues, flags: flags))
    }

    // MARK: - Options

    private func lookUpOption(_ token: String, in path: [CommandSpec]) throws(UsageError) -> (
        OptionSpec, String?
    ) {
        let current = path[path.count - 1]
        let available = current.options + globalOptions
        // Taken apart scalar by scalar, as getopt takes bytes: `--rating=\u{301}x` is the option
        // `--rating` with the value `\u{301}x`, though `=` and the mark make one character.
        let scalars = token.unicodeScalars
        if scalars.starts(with: "--".unicodeScalars) {
            let body = scalars.dropFirst(2)
            let equals = body.firstIndex(of: "=")
            let name = String(Substring(body[..<(equals ?? body.endIndex)]))
            let inlineValue = equals.map { String(Substring(body[body.index(after: $0)...])) }
            if let option = available.first(where: { $0.name == name })
                ?? available.first(where: { $0.hiddenSpellings.contains("--" + name) })
            {
                return (option, inlineValue)
            }
            let suggestion = Suggestion.closest(
                to: name, among: available.filter { !$0.isHidden }.map(\.name))
            throw error(.unknownOption("--\(name)", suggestion: suggestion), path)
        }
        // -r value, -rvalue
        let letter = scalars.dropFirst().first.map(Character.init)
        let spelling = letter.map { "-\($0)" } ?? ""
        guard
            let option = available.first(where: { $0.short != nil && $0.short == letter })
                ?? available.first(where: { $0.hiddenSpellings.contains(spelling) })
        else {
            let retired = available.first { option in
                letter.map { option.retiredLetters.contains($0) } ?? false
            }
            throw error(.unknownOption(token, suggestion: retired?.name), path)
        }
        let rest = String(Substring(scalars.dropFirst(2)))
        if !option.takesValue && !rest.isEmpty {
            throw error(.unknownOption(token, suggestion: nil), path)
        }
        return (option, rest.isEmpty ? nil : rest)
    }

    // MARK: - Positionals

    /// Each argument of `command` with the words it takes; refuses a missing or a left-over word.
    private func assign(_ positionals: [String], to command: CommandSpec, _ path: [CommandSpec])
        throws(UsageError) -> [(ArgumentSpec, [String])]
    {
        var remaining = positionals[...]
        var assigned: [(ArgumentSpec, [String])] = []
        for argument in command.arguments {
            if argument.isRepeating {
                if remaining.isEmpty && !argument.isOptional {
                    throw error(.missingArgument(argument.usage), path)
                }
                assigned.append((argument, Array(remaining)))
                remaining = []
            } else if let value = remaining.popFirst() {
                assigned.append((argument, [value]))
            } else if !argument.isOptional {
                throw error(.missingArgument(argument.usage), path)
            }
        }
        if let extra = remaining.first {
            throw error(.unexpectedArgument(extra), path)
        }
        return assigned
    }

    // MARK: - Helpers

    /// `text` parsed as `valueType`, or the error naming `display` and what it takes.
    private func value(of text: String, as valueType: ValueType, for display: String, _ path: [CommandSpec])
        throws(UsageError) -> any Sendable
    {
        if let value = valueType.parse(text) { return value }
        throw error(
            .invalidValue(
                text, name: display, allowed: valueType.allValueStrings, expected: valueType.expected,
                others: valueType.others),
            path)
    }

    private func unknownCommand(_ word: String, in path: [CommandSpec]) -> UsageError {
        let current = path[path.count - 1]
        let names = current.subcommands.flatMap { [$0.name] + $0.aliases }
        return error(.unknownCommand(word, suggestion: Suggestion.closest(to: word, among: names)), path)
    }

    private func error(_ kind: UsageError.Kind, _ path: [CommandSpec]) -> UsageError {
        UsageError(kind, commandPath: path.map(\.name))
    }

    /// `-5` and `-1.5` are values, not options. Read scalar by scalar, like the rest of a token; a
    /// digit of another script counts too, as it did when this read characters (`Character.isNumber`).
    static func isNegativeNumber(_ token: String) -> Bool {
        let scalars = token.unicodeScalars.dropFirst()
        return !scalars.isEmpty && scalars.allSatisfy(isNumeric)
    }

    /// A digit (of any script) or the decimal point.
    private static func isNumeric(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("0"..."9").contains(scalar) || scalar == "." }
        switch scalar.properties.numericType {
        case .none: return false
        case .some: return true
        }
    }
}
