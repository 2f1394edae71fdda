/// The values of one parsed command line, with typed accessors that fail with usage errors.
struct ParsedArguments {
    /// The command's names from the root, e.g. `["movies", "add"]`.
    var commandPath: [String]
    /// Positional values by argument name.
    var positionals: [String: [String]]
    /// Option values by long name, in the order given.
    var options: [String: [String]]
    /// Flags that were given, by long name.
    var flags: Set<String>

    /// The positional argument or option `name` (the last one given for an option).
    func string(_ name: String) -> String? {
        positionals[name]?.last ?? options[name]?.last
    }

    /// Every value of a repeating argument or option.
    func strings(_ name: String) -> [String] {
        positionals[name] ?? options[name] ?? []
    }

    /// True when the flag was given.
    func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The value converted by `convert`, or a usage error saying what was expected.
    ///
    /// `display` is how the error names the value: `'--year <year>'` or `'<id>'`.
    func converted<T>(_ name: String, display: String, expected: String, _ convert: (String) -> T?)
        throws(UsageError) -> T?
    {
        guard let text = string(name) else { return nil }
        guard let value = convert(text) else {
            throw UsageError(
                message: "The value '\(text)' is invalid for \(display): expected \(expected)",
                commandPath: commandPath)
        }
        return value
    }

    /// A usage error about this command line.
    func usageError(_ message: String) -> UsageError {
        UsageError(message: message, commandPath: commandPath)
    }
}
