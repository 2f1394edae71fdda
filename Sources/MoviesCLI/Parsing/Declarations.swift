import Basics

/// Something a command lists among its options: a typed `Option`, a `Flag`, or a ready `OptionSpec`.
protocol OptionDeclaration: Sendable {
    var optionSpec: OptionSpec { get }
}

/// Something a command lists among its positional arguments.
protocol ArgumentDeclaration: Sendable {
    var argumentSpec: ArgumentSpec { get }
}

/// An option taking a value of type `Value`, as a command declares it: `--rating <rating>`.
///
/// The command lists it in its `CommandSpec` and reads it back typed from `ParsedArguments` with
/// `arguments[option]`; the parser has already parsed the text with `Value.init(argument:)` and refused
/// what it does not spell, so a command never converts text itself.
struct Option<Value: ExpressibleByArgument>: OptionDeclaration {
    let optionSpec: OptionSpec
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
    init(
        _ name: String, short: Character? = nil, valueName: String, help: String, default: Value? = nil,
        defaultDescription: String? = nil, isRepeating: Bool = false, isRequired: Bool = false,
        isHidden: Bool = false, completion: CompletionKind? = nil
    ) {
        defaultValue = `default`
        optionSpec = OptionSpec(
            name: name, short: short,
            kind: isRepeating ? .repeatingValue(name: valueName) : .value(name: valueName), help: help,
            valueType: ValueType(Value.self, completion: completion), isRequired: isRequired,
            defaultValue: defaultDescription ?? `default`?.defaultValueDescription, isHidden: isHidden)
    }
}

/// An option that is given or not: `--reverse`.
struct Flag: OptionDeclaration {
    let optionSpec: OptionSpec

    init(_ name: String, short: Character? = nil, help: String, isHidden: Bool = false) {
        optionSpec = OptionSpec(name: name, short: short, kind: .flag, help: help, isHidden: isHidden)
    }
}

/// A positional argument of type `Value`: `<id>`, `<title>`.
struct Argument<Value: ExpressibleByArgument>: ArgumentDeclaration {
    let argumentSpec: ArgumentSpec

    /// - Parameters:
    ///   - isOptional: The command line may end before it.
    ///   - isRepeating: Takes every remaining positional (`rm <id> ...`).
    init(
        _ name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false,
        completion: CompletionKind? = nil
    ) {
        argumentSpec = ArgumentSpec(
            name: name, help: help, isOptional: isOptional, isRepeating: isRepeating,
            valueType: ValueType(Value.self, completion: completion))
    }
}

extension OptionSpec: OptionDeclaration {
    var optionSpec: OptionSpec { self }
}

extension ArgumentSpec: ArgumentDeclaration {
    var argumentSpec: ArgumentSpec { self }
}
