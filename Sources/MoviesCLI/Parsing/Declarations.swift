import Basics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A command declares each of its arguments once, as a property: name, type, default, help and
// completion in one line (`@Option("rating", short: "r", help: "…") var rating: RatingWord = .notSeen`).
// Its spec (for parsing, help, usage lines, completions and docs/COMMANDS.md) is collected from those
// declarations, and the values come back through the same properties, typed: a required argument or a
// defaulted option is a non-optional value, an option that may be left out is an `Optional`, a repeating
// one an `Array`.
//
// No reflection: building a command (`C()`) runs each property wrapper's initializer, and that
// initializer asks the `DeclarationSession` bound for the moment what to do. To describe the command, the
// session records each declaration in order; to run it, the session hands each wrapper its parsed value
// (see `Command`). Mirror would have found the properties too, at the cost of boxing every value in an
// existential, which makes the runtime search the conformance tables on every start-up.

/// The declarations of one command being built: recorded, to make its spec, or read from a parsed command
/// line, to fill its properties.
///
/// Bound (`bound(_:)`) for exactly the synchronous initializer of one command on one thread, so it
/// needs no lock. The binding is the thread's own (a POSIX thread-specific value): a `@TaskLocal` would
/// do the same, but each binding of one goes through the concurrency runtime, whose code and data a
/// one-shot command that never starts a task would otherwise not touch.
final class DeclarationSession {
    /// The session the property wrappers being initialized report to; nil outside `record` and `read`,
    /// when a command is built directly (`C()` in a test), and then every value is its default.
    static var current: DeclarationSession? {
        pthread_getspecific(threadKey).map {
            Unmanaged<DeclarationSession>.fromOpaque($0).takeUnretainedValue()
        }
    }

    /// The key of the thread-specific value `current` reads; never deleted, as the type lives as long
    /// as the process.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The parsed command line being read; nil while recording.
    private let parsed: ParsedArguments?
    private(set) var arguments: [ArgumentSpec] = []
    private(set) var options: [OptionSpec] = []

    private init(parsed: ParsedArguments?) {
        self.parsed = parsed
    }

    /// The arguments and options `C` declares, in the order it declares them.
    static func record<C: Command>(_: C.Type) -> (arguments: [ArgumentSpec], options: [OptionSpec]) {
        let session = DeclarationSession(parsed: nil)
        _ = session.bound { C() }
        return (session.arguments, session.options)
    }

    /// `C` with every property set from `parsed`, which the parser made from `C`'s own spec.
    static func read<C: Command>(_: C.Type, from parsed: ParsedArguments) -> C {
        DeclarationSession(parsed: parsed).bound { C() }
    }

    /// `body`'s result, with this session as `current` on this thread while it runs (the one bound
    /// before, if any, again afterwards).
    private func bound<Result>(_ body: () -> Result) -> Result {
        let outer = pthread_getspecific(Self.threadKey)
        pthread_setspecific(Self.threadKey, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.threadKey, outer) }
        return body()  // `self`, the session bound, lives until this method returns
    }

    // MARK: - What the property wrappers call

    /// Records `spec` (while recording), or returns the values given for the option (while reading).
    func declare(option spec: @autoclosure () -> OptionSpec, name: String) -> [any Sendable] {
        guard let parsed else {
            options.append(spec())
            return []
        }
        return parsed.optionValues(named: name)
    }

    /// Records `spec`, or returns whether the flag was given.
    func declare(flag spec: @autoclosure () -> OptionSpec, name: String) -> Bool {
        guard let parsed else {
            options.append(spec())
            return false
        }
        return parsed.hasFlag(named: name)
    }

    /// Records `spec`, or returns the values given for the positional argument.
    func declare(argument spec: @autoclosure () -> ArgumentSpec, name: String) -> [any Sendable] {
        guard let parsed else {
            arguments.append(spec())
            return []
        }
        return parsed.argumentValues(named: name)
    }
}

// MARK: - Options

/// An option taking a value: `--rating <rating>`. Its property's type says how it is given: a plain type
/// with a default (`= .notSeen`) or without one (then the option is required), an `Optional` for one that
/// may be left out, an `Array` for one that may be repeated (and, for a type of words, comma-separated).
///
/// Generic constraints sit on the initializers, not on the type: every run of `movies` describes the
/// commands it parses against, and a constraint on the type makes the runtime look up the value type's
/// conformance when the wrapper's metadata is built (measured with callgrind when values were first typed).
@propertyWrapper
struct Option<Value: Sendable>: Sendable {
    /// The value; nil only in a command being described, whose values are never read.
    private let value: Value?

    var wrappedValue: Value {
        guard let value else { preconditionFailure("an option of a command being described was read") }
        return value
    }

    /// An option with a default: `@Option("sort", …) var sort: MovieSort = .added`.
    ///
    /// - Parameters:
    ///   - valueName: How help and errors name the value (`<order>`); the option's name by default.
    ///   - defaultDescription: Help's words for a default no single value says, for an option whose
    ///     command decides it.
    ///   - completion: How shells complete it, when not as the type says (a `String` that is a path).
    ///   - hiddenSpellings: Former spellings still accepted (`--to`), offered nowhere.
    ///   - retiredLetters: Letters the option had before they came to mean another option elsewhere:
    ///     refused, naming the option (see `OptionSpec.retiredLetters`).
    init(
        wrappedValue defaultValue: Value, _ name: String, short: Character? = nil, valueName: String? = nil,
        help: String, defaultDescription: String? = nil, isHidden: Bool = false,
        completion: CompletionKind? = nil, hiddenSpellings: [String] = [],
        retiredLetters: [Character] = []
    ) where Value: ExpressibleByArgument {
        let given =
            DeclarationSession.current?.declare(
                option: OptionSpec(
                    name: name, short: short, kind: .value(name: valueName ?? name), help: help,
                    valueType: ValueType(Value.self, completion: completion),
                    defaultValue: defaultDescription ?? defaultValue.defaultValueDescription,
                    isHidden: isHidden,
                    hiddenSpellings: hiddenSpellings, retiredLetters: retiredLetters), name: name) ?? []
        value = given.last.flatMap { $0 as? Value } ?? defaultValue
    }

    /// A required option: `@Option("title", …) var title: String` — the parser refuses a command line
    /// without it.
    init(
        _ name: String, short: Character? = nil, valueName: String? = nil, help: String,
        completion: CompletionKind? = nil, hiddenSpellings: [String] = [],
        retiredLetters: [Character] = []
    ) where Value: ExpressibleByArgument {
        let session = DeclarationSession.current
        let given =
            session?.declare(
                option: OptionSpec(
                    name: name, short: short, kind: .value(name: valueName ?? name), help: help,
                    valueType: ValueType(Value.self, completion: completion), isRequired: true,
                    hiddenSpellings: hiddenSpellings, retiredLetters: retiredLetters), name: name) ?? []
        value = given.last.flatMap { $0 as? Value }
    }

    /// An option that may be left out: `@Option("stars", …) var stars: StarRating?`.
    init<Wrapped: ExpressibleByArgument>(
        wrappedValue defaultValue: Wrapped? = nil, _ name: String, short: Character? = nil,
        valueName: String? = nil, help: String, defaultDescription: String? = nil, isHidden: Bool = false,
        completion: CompletionKind? = nil, hiddenSpellings: [String] = [],
        retiredLetters: [Character] = []
    ) where Value == Wrapped? {
        let given =
            DeclarationSession.current?.declare(
                option: OptionSpec(
                    name: name, short: short, kind: .value(name: valueName ?? name), help: help,
                    valueType: ValueType(Wrapped.self, completion: completion),
                    defaultValue: defaultDescription, isHidden: isHidden, hiddenSpellings: hiddenSpellings,
                    retiredLetters: retiredLetters),
                name: name) ?? []
        value = .some(given.last.flatMap { $0 as? Wrapped } ?? defaultValue)
    }

    /// An option that may be given several times, or (for a type of words) with commas:
    /// `@Option("rating", …) var ratings: [RatingWord]`; every value, in order.
    init<Element: ExpressibleByArgument>(
        wrappedValue defaultValue: [Element] = [], _ name: String, short: Character? = nil,
        valueName: String? = nil, help: String, completion: CompletionKind? = nil,
        hiddenSpellings: [String] = [],
        retiredLetters: [Character] = []
    ) where Value == [Element] {
        let given =
            DeclarationSession.current?.declare(
                option: OptionSpec(
                    name: name, short: short, kind: .repeatingValue(name: valueName ?? name), help: help,
                    valueType: ValueType(Element.self, completion: completion),
                    hiddenSpellings: hiddenSpellings, retiredLetters: retiredLetters), name: name) ?? []
        let values = given.compactMap { $0 as? Element }
        value = values.isEmpty ? defaultValue : values
    }

    /// An option several commands share, declared once (`SharedOption.format`).
    init(_ shared: SharedOption<Value>) {
        self = shared.make()
    }
}

/// An option declared once for the commands that share it (`--format`, `--rating` as a filter,
/// `--no-pager`): `@Option(.format) var format: OutputFormat`.
struct SharedOption<Value: Sendable>: Sendable {
    /// Builds the declaration, where the command's other declarations are built.
    fileprivate let make: @Sendable () -> Option<Value>

    init(_ make: @escaping @Sendable () -> Option<Value>) {
        self.make = make
    }
}

/// A flag: given or not, `--reverse`.
@propertyWrapper
struct Flag: Sendable {
    let wrappedValue: Bool

    init(
        wrappedValue: Bool = false, _ name: String, short: Character? = nil, help: String,
        isHidden: Bool = false, hiddenSpellings: [String] = [],
        retiredLetters: [Character] = []
    ) {
        self.wrappedValue =
            DeclarationSession.current?.declare(
                flag: OptionSpec(
                    name: name, short: short, kind: .flag, help: help, isHidden: isHidden,
                    hiddenSpellings: hiddenSpellings, retiredLetters: retiredLetters), name: name)
            ?? wrappedValue
    }

    /// A flag several commands share (`SharedFlag.noPager`).
    init(_ shared: SharedFlag) {
        self = shared.make()
    }
}

/// A flag declared once for the commands that share it.
struct SharedFlag: Sendable {
    fileprivate let make: @Sendable () -> Flag

    init(_ make: @escaping @Sendable () -> Flag) {
        self.make = make
    }
}

// MARK: - Positional arguments

/// A positional argument: `<id>`, `<title>`. A plain type is required, an `Optional` may be left out
/// (only at the end), an `Array` takes every remaining word (at least one unless it has a default).
@propertyWrapper
struct Argument<Value: Sendable>: Sendable {
    private let value: Value?

    var wrappedValue: Value {
        guard let value else { preconditionFailure("an argument of a command being described was read") }
        return value
    }

    /// A required argument: `@Argument("title", help: "…") var title: String`.
    init(_ name: String, help: String, completion: CompletionKind? = nil) where Value: ExpressibleByArgument {
        let given =
            DeclarationSession.current?.declare(
                argument: ArgumentSpec(
                    name: name, help: help, valueType: ValueType(Value.self, completion: completion)),
                name: name) ?? []
        value = given.last.flatMap { $0 as? Value }
    }

    /// An argument that may be left out: `@Argument("rating", help: "…") var rating: RatingWord?`.
    init<Wrapped: ExpressibleByArgument>(_ name: String, help: String, completion: CompletionKind? = nil)
    where Value == Wrapped? {
        let given =
            DeclarationSession.current?.declare(
                argument: ArgumentSpec(
                    name: name, help: help, isOptional: true,
                    valueType: ValueType(Wrapped.self, completion: completion)), name: name) ?? []
        value = .some(given.last.flatMap { $0 as? Wrapped })
    }

    /// Every remaining word: `@Argument("id", help: "…") var ids: [MovieID]` takes at least one;
    /// with `= []` it may take none.
    init<Element: ExpressibleByArgument>(
        wrappedValue defaultValue: [Element]? = nil, _ name: String, help: String,
        completion: CompletionKind? = nil
    ) where Value == [Element] {
        let given =
            DeclarationSession.current?.declare(
                argument: ArgumentSpec(
                    name: name, help: help, isOptional: defaultValue != nil, isRepeating: true,
                    valueType: ValueType(Element.self, completion: completion)), name: name) ?? []
        let values = given.compactMap { $0 as? Element }
        // Read, a required one has at least one value (the parser saw to it); described, none is read.
        value = values.isEmpty ? defaultValue : values
    }
}
