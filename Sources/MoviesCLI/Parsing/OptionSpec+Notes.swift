extension OptionSpec {
    /// The option's help followed by what the reference pages say of it in parentheses — its values,
    /// its default, whether it may be repeated or is required — for docs/COMMANDS.md and the manual
    /// page, which say it in the same words.
    var helpWithNotes: String {
        var notes: [String] = []
        if let values = allowedValues { notes.append("values: \(values.joined(separator: ", "))") }
        if let value = defaultValue { notes.append("default: \(value)") }
        if isRepeating { notes.append("may be repeated") }
        if isRequired { notes.append("required") }
        return notes.isEmpty ? help : help + " (\(notes.joined(separator: "; ")))"
    }
}
