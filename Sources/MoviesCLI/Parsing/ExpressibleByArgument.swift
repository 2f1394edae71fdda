import Basics

/// A value a person writes as one word of text, read by one initializer wherever it is written: an
/// argument on the command line, an answer typed into the shell's form, a field of a file they edited.
///
/// Modelled on swift-argument-parser's protocol of the same name. The argument parser turns each option's
/// and argument's text into its declared type with `init(argument:)`, and help, completion scripts and
/// "did you mean" read the rest from the type, so none of them can accept, offer or suggest what another
/// refuses. A value is parsed once, where it enters; the layers below take the typed value.
protocol ExpressibleByArgument: Sendable {
    /// The value `argument` spells, or nil when it spells none.
    init?(argument: String)

    /// The words the value may be, in the order help lists them; empty for an open-ended value (a
    /// title, a date, a number). Error messages and completions offer these.
    static var allValueStrings: [String] { get }

    /// What a valid value looks like, to finish "expected ..." in an error: `a movie id such as 12`.
    static var expectedDescription: String { get }

    /// What else the value may be besides `allValueStrings`, for a value that is one of some words or
    /// something open-ended (a rating: a word, or stars): an error lists the words, then says this.
    static var otherValuesDescription: String? { get }

    /// True when `argument` is this value beyond doubt: every value it parses, but only an id of a film
    /// that may also be named by its title, and no free text. Arguments are said to be in the wrong
    /// order (`ArgumentOrder`) only where another order reads beyond doubt.
    static func fitsExactly(_ argument: String) -> Bool

    /// How a shell completes the value.
    static var defaultCompletionKind: CompletionKind { get }

    /// The value as help shows a default: `added`, `20`.
    var defaultValueDescription: String { get }
}

/// How a shell completes the value of an option or argument.
enum CompletionKind: Sendable, Hashable {
    /// Anything: nothing to offer.
    case none
    /// One of these words.
    case list([String])
    /// A path to a file.
    case file
    /// The name of a command, for `help`: each word names a subcommand of the one before, starting from
    /// the group `help` belongs to.
    case commandName
    /// A film on the list (`FilmReference`): the shell offers its titles.
    case film
    /// A subscribed feed (`FeedReference`): the shell offers their addresses.
    case feed
}

extension ExpressibleByArgument {
    static var allValueStrings: [String] { [] }

    static var otherValuesDescription: String? { nil }

    static func fitsExactly(_ argument: String) -> Bool { Self(argument: argument) != nil }

    static var defaultCompletionKind: CompletionKind {
        let words = allValueStrings
        return words.isEmpty ? .none : .list(words)
    }

    var defaultValueDescription: String { String(describing: self) }
}

/// An enumeration spelled by its raw values (`--sort rating`): typed in any case, with surrounding white
/// space ignored, as the command line has always accepted them.
extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
    init?(argument: String) {
        // The exact word first: imports read one per row, and most are already exact.
        if let value = Self(rawValue: argument) {
            self = value
            return
        }
        guard let value = Self(rawValue: argument.trimmingWhitespace().lowercased()) else { return nil }
        self = value
    }

    // A closure, not `\.rawValue`: a key path is built at run time, and every command line builds
    // the whole command tree.
    static var allValueStrings: [String] { allCases.map { $0.rawValue } }

    static var expectedDescription: String {
        "one of " + allValueStrings.joined(separator: ", ")
    }

    var defaultValueDescription: String { rawValue }
}

/// Free text (a title, a note, a path): every argument is one, exactly as given.
extension String: ExpressibleByArgument {
    init?(argument: String) {
        self = argument
    }

    static var expectedDescription: String { "text" }

    static func fitsExactly(_ argument: String) -> Bool { false }
}
