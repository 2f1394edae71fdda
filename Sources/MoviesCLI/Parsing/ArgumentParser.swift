import Basics
import Foundation

/// What a command line asks for, once parsed.
enum ParseResult {
    /// Run the command at the end of `arguments.commandPath`.
    case run(ParsedArguments)
    /// Print the help of the command at `path` (names from the root).
    case help(path: [String])
    /// Print the version.
    case version
}

/// Turns argv into a `ParseResult` following a `CommandSpec` tree, in the conventions of
/// swift-argument-parser: `--name value`, `--name=value`, `-n value`, flags, `--` ends options,
/// options anywhere among positionals, `-h`/`--help` at any depth.
struct ArgumentParser {
    let root: CommandSpec
    /// Options every command accepts (`--db`, `--help`).
    let globalOptions: [OptionSpec]

    func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
        var path = [root]
        var current: CommandSpec { path[path.count - 1] }
        var positionals: [String] = []
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var remaining = arguments[...]
        var optionsEnded = false

        while let token = remaining.popFirst() {
            if optionsEnded || token == "-" || !token.hasPrefix("-") || Self.isNegativeNumber(token) {
                // A command word descends into the subcommand, as long as no positional came first.
                if !optionsEnded, positionals.isEmpty, !current.subcommands.isEmpty {
                    if let subcommand = current.subcommand(named: token) {
                        path.append(subcommand)
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
            switch option.kind {
            case .flag:
                if inlineValue != nil {
                    throw error("The option '--\(option.name)' does not take a value", path)
                }
                flags.insert(option.name)
            case .value, .repeatingValue:
                // A value-taking option takes the next word whatever it looks like (`--note "-5 stars"`).
                guard let value = inlineValue ?? remaining.popFirst() else {
                    // --help after an option without its value still means help.
                    if flags.contains("help") { return .help(path: path.map(\.name)) }
                    throw error("Missing value for '\(option.display)'", path)
                }
                var parts = [value]
                if case .repeatingValue = option.kind, option.allowedValues != nil {
                    parts = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                }
                for part in parts {
                    values[option.name, default: []].append(
                        try checked(part, allowed: option.allowedValues, for: "'\(option.display)'", path))
                }
            }
        }

        if flags.contains("help") { return .help(path: path.map(\.name)) }
        if path.count == 1, flags.contains("version") { return .version }
        if !current.subcommands.isEmpty, current.arguments.isEmpty {
            return .help(path: path.map(\.name))
        }
        let named = try assign(positionals, to: current, path)
        return .run(
            ParsedArguments(commandPath: path.map(\.name), positionals: named, options: values, flags: flags))
    }

    // MARK: - Options

    private func lookUpOption(_ token: String, in path: [CommandSpec]) throws(UsageError) -> (
        OptionSpec, String?
    ) {
        let current = path[path.count - 1]
        let available = current.options + globalOptions
        if token.hasPrefix("--") {
            let body = token.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if let option = available.first(where: { $0.name == name }) {
                return (option, inlineValue)
            }
            let suggestion = Suggestion.closest(
                to: name, among: available.filter { !$0.isHidden }.map(\.name))
            throw error(
                "Unknown option '--\(name)'" + (suggestion.map { ". Did you mean '--\($0)'?" } ?? ""), path)
        }
        // -r value, -rvalue
        let letter = token.dropFirst().first
        guard let option = available.first(where: { $0.short != nil && $0.short == letter }) else {
            throw error("Unknown option '\(token)'", path)
        }
        let rest = String(token.dropFirst(2))
        if !option.takesValue && !rest.isEmpty {
            throw error("Unknown option '\(token)'", path)
        }
        return (option, rest.isEmpty ? nil : rest)
    }

    // MARK: - Positionals

    private func assign(_ positionals: [String], to command: CommandSpec, _ path: [CommandSpec])
        throws(UsageError)
        -> [String: [String]]
    {
        var remaining = positionals[...]
        var named: [String: [String]] = [:]
        for argument in command.arguments {
            if argument.isRepeating {
                if remaining.isEmpty && !argument.isOptional {
                    throw error("Missing expected argument '\(argument.usage)'", path)
                }
                for value in remaining {
                    named[argument.name, default: []].append(
                        try checked(value, allowed: argument.allowedValues, for: "'<\(argument.name)>'", path)
                    )
                }
                remaining = []
            } else if let value = remaining.popFirst() {
                named[argument.name] = [
                    try checked(value, allowed: argument.allowedValues, for: "'<\(argument.name)>'", path)
                ]
            } else if !argument.isOptional {
                throw error("Missing expected argument '\(argument.usage)'", path)
            }
        }
        if let extra = remaining.first {
            throw error("Unexpected argument '\(extra)'", path)
        }
        return named
    }

    // MARK: - Helpers

    /// `value` in the canonical spelling of `allowed` (matched case-insensitively), or an error listing them.
    private func checked(_ value: String, allowed: [String]?, for display: String, _ path: [CommandSpec])
        throws(UsageError) -> String
    {
        guard let allowed else { return value }
        let normalized = value.trimmingWhitespace().lowercased()
        if let match = allowed.first(where: { $0 == normalized }) { return match }
        var message = "The value '\(value)' is invalid for \(display)."
        if let suggestion = Suggestion.closest(to: normalized, among: allowed) {
            message += " Did you mean '\(suggestion)'?"
        }
        message += " Please provide one of \(Suggestion.quotedList(allowed))."
        throw error(message, path)
    }

    private func unknownCommand(_ word: String, in path: [CommandSpec]) -> UsageError {
        let current = path[path.count - 1]
        let names = current.subcommands.flatMap { [$0.name] + $0.aliases }
        let suggestion = Suggestion.closest(to: word, among: names)
        return error("Unknown command '\(word)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""), path)
    }

    private func error(_ message: String, _ path: [CommandSpec]) -> UsageError {
        UsageError(message: message, commandPath: path.map(\.name))
    }

    /// `-5` and `-1.5` are values, not options.
    static func isNegativeNumber(_ token: String) -> Bool {
        token.count > 1 && token.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }
}
