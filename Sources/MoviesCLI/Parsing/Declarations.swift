import Basics

/// An option taking a value of type `Value`, as a command declares it: `--rating <rating>`.
///
/// The command lists its `spec` in its `CommandSpec` and reads the value back typed from
/// `ParsedArguments` with `arguments[option]`; the parser has already parsed the text with
/// `Value.init(argument:)` and refused what it does not spell, so a command never converts text itself.
///
/// Cheap to declare, since every run of `movies` builds the whole command tree: `Value` is constrained
/// on the initializer, not the type, and specs list `option.spec`, not the generic value itself. A
/// constraint on the type, or the value boxed in an existential, makes the runtime build the type's
/// metadata from its mangled name and search the conformance tables for `Value`'s conformance, which
/// cost each run a few hundred thousand instructions per option type (measured with callgrind).
struct Option<Value: Sendable>: Sendable {
    let spec: OptionSpec
    /// What `arguments[option]` is when the option is not given.
    let defaultValue: Value?

    /// - Parameters:
    ///   - valueName: How help and errors name the value: `<rating>`.
    ///   - default: The value when the option is not given; help shows it.
    ///   - defaultDescription: Help's words for a default no single value says (`skip; update for a
    ///     folder`), for an option whose command decides it.
    ///   - isRepeating: May be given several times (and an enumerated value comma-separated).
    ///   - isRequired: The parser refuses a command line without it.
    ///   - completion: How shells complete it, when not as the type says (a `String` that is a path).
    ///   - hiddenSpellings: Former spellings still accepted (`--to`, `-t`), offered nowhere.
    init(
        _ name: String, short: Character? = nil, valueName: String, help: String, default: Value? = nil,
        defaultDescription: String? = nil, isRepeating: Bool = false, isRequired: Bool = false,
        isHidden: Bool = false, completion: CompletionKind? = nil, hiddenSpellings: [String] = []
    ) where Value: ExpressibleByArgument {
        defaultValue = `default`
        spec = OptionSpec(
            name: name, short: short,
            kind: isRepeating ? .repeatingValue(name: valueName) : .value(name: valueName), help: help,
            valueType: ValueType(Value.self, completion: completion), isRequired: isRequired,
            defaultValue: defaultDescription ?? `default`?.defaultValueDescription, isHidden: isHidden,
            hiddenSpellings: hiddenSpellings)
    }
}

/// An option that is given or not: `--reverse`.
struct Flag: Sendable {
    let spec: OptionSpec

    init(
        _ name: String, short: Character? = nil, help: String, isHidden: Bool = false,
        hiddenSpellings: [String] = []
    ) {
        spec = OptionSpec(
            name: name, short: short, kind: .flag, help: help, isHidden: isHidden,
            hiddenSpellings: hiddenSpellings)
    }
}

/// A positional argument of type `Value`: `<id>`, `<title>` (constrained on the initializer, as `Option`).
struct Argument<Value: Sendable>: Sendable {
    let spec: ArgumentSpec

    /// - Parameters:
    ///   - isOptional: The command line may end before it.
    ///   - isRepeating: Takes every remaining positional (`rm <id> ...`).
    init(
        _ name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false,
        completion: CompletionKind? = nil
    ) where Value: ExpressibleByArgument {
        spec = ArgumentSpec(
            name: name, help: help, isOptional: isOptional, isRepeating: isRepeating,
            valueType: ValueType(Value.self, completion: completion))
    }
}
