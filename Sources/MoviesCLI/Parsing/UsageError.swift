import Basics
import UserFacing

/// A command line that does not fit its command, as swift-argument-parser's `ParserError` is: each kind
/// carries what it refuses and renders its own sentence, so nothing reads a message to learn the kind.
///
/// Printed as `Error: <message>` followed by the usage line of `commandPath`, and exits with 64
/// (`EX_USAGE`).
struct UsageError: UserFacingError, Equatable {
    enum Kind: Equatable, Sendable {
        /// `--ratng` or `-q`; `suggestion` is the closest long option name.
        case unknownOption(String, suggestion: String?)
        /// A value given to a flag: `--reverse=yes` (`option` is the flag's display, `--reverse`).
        case unexpectedValue(option: String)
        /// An option that takes a value ended the line: `option` is its display, `--year <year>`.
        case missingValue(option: String)
        /// A required option left out: `option` is its display, `--title <title>`.
        case missingOption(option: String)
        /// A value its type does not accept. `name` is the option's or argument's display; `allowed`
        /// the words an enumerated type takes (listed, with the closest one), else empty and `expected`
        /// says what the value should look like; `others` what else it may be besides the words (stars).
        case invalidValue(String, name: String, allowed: [String], expected: String, others: String? = nil)
        /// A word where a subcommand is expected; `suggestion` is the closest command name.
        case unknownCommand(String, suggestion: String?)
        /// A positional left over after every argument has its value.
        case unexpectedArgument(String)
        /// A required positional left out: `argument` is its usage, `<title>` or `<id> ...`.
        case missingArgument(String)
        /// Arguments that parse only in another order (`rate good 3`): `expected` are the arguments'
        /// displays in their order, `reordered` the words given, put in that order.
        case argumentsOutOfOrder(expected: [String], reordered: [String])
        /// A rule of the command itself (`--watch` with `--limit`), in the command's words.
        case validation(String)
    }

    var kind: Kind
    /// The command whose usage to print, e.g. `["movies", "add"]`.
    var commandPath: [String]

    init(_ kind: Kind, commandPath: [String]) {
        self.kind = kind
        self.commandPath = commandPath
    }

    var exitCode: ExitCode { .usage }

    /// `word` as a person would type it in a shell: in double quotes when it holds a space or a quote.
    private static func quotedForShell(_ word: String) -> String {
        guard word.isEmpty || word.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" }) else {
            return word
        }
        return "\"" + word.map { $0 == "\"" ? "\\\"" : String($0) }.joined() + "\""
    }

    var message: String {
        switch kind {
        case .unknownOption(let option, let suggestion):
            return "Unknown option '\(option)'" + (suggestion.map { ". Did you mean '--\($0)'?" } ?? "")
        case .unexpectedValue(let option):
            return "The option '\(option)' does not take a value"
        case .missingValue(let option):
            return "Missing value for '\(option)'"
        case .missingOption(let option):
            return "Missing expected option '\(option)'"
        case .invalidValue(let value, let name, let allowed, let expected, let others):
            guard !allowed.isEmpty else {
                return "The value '\(value)' is invalid for '\(name)': expected \(expected)"
            }
            var message = "The value '\(value)' is invalid for '\(name)'."
            let typed = value.trimmingWhitespace().lowercased()
            if let suggestion = Suggestion.closest(to: typed, among: allowed) {
                message += " Did you mean '\(suggestion)'?"
            }
            return message + " Please provide one of \(Suggestion.quotedList(allowed))"
                + (others.map { ", or \($0)" } ?? "") + "."
        case .unknownCommand(let word, let suggestion):
            return "Unknown command '\(word)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        case .unexpectedArgument(let argument):
            return "Unexpected argument '\(argument)'"
        case .missingArgument(let argument):
            return "Missing expected argument '\(argument)'"
        case .argumentsOutOfOrder(let expected, let reordered):
            let command = (commandPath.filter { !$0.isEmpty } + reordered.map(Self.quotedForShell))
            return "The arguments are in the wrong order: \(expected.joined(separator: " then ")). "
                + "Did you mean '\(command.joined(separator: " "))'?"
        case .validation(let message):
            return message
        }
    }
}
