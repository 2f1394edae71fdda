import CLibraryLoader

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// GNU readline or BSD libedit, found at run time, for line editing and history in the shell.
///
/// Loaded with `dlopen` rather than linked, so the program builds and runs where neither library is
/// installed (it then reads plain lines). Only readline's "alternate interface" is used
/// (https://tiswww.case.edu/php/chet/readline/readline.html#Alternate-Interface): the shell's input
/// thread polls the terminal itself, which lets it print change notices above the prompt between keys.
struct Readline {
    typealias LineHandler = @convention(c) (UnsafeMutablePointer<CChar>?) -> Void

    let install: @convention(c) (UnsafePointer<CChar>?, LineHandler) -> Void
    let readCharacter: @convention(c) () -> Void
    let remove: @convention(c) () -> Void
    let addHistory: @convention(c) (UnsafePointer<CChar>?) -> Int32
    let readHistory: @convention(c) (UnsafePointer<CChar>?) -> Int32
    let writeHistory: @convention(c) (UnsafePointer<CChar>?) -> Int32
    let onNewLine: @convention(c) () -> Int32
    let redisplay: @convention(c) () -> Void
    let replaceLine: @convention(c) (UnsafePointer<CChar>?, Int32) -> Void
    /// `rl_catch_signals`: 0 so readline leaves SIGINT to this program.
    let catchSignals: UnsafeMutablePointer<Int32>?
    /// Tab completion (`ReadlineCompletion`): `rl_completion_entry_function`, the generator Tab calls
    /// (https://tiswww.case.edu/php/chet/readline/readline.html#Completion-Functions), and the line
    /// and cursor it completes in (`rl_line_buffer`, `rl_point`); nil where a library lacks one.
    let completionEntryFunction: UnsafeMutableRawPointer?
    let lineBuffer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    let point: UnsafeMutablePointer<Int32>?
    /// Which library was found, for diagnostics.
    let libraryName: String

    /// The first of GNU readline 8 and libedit that loads with every needed symbol, or nil.
    static func load() -> Readline? {
        for name in ["libreadline.so.8", "libedit.so.2", "libreadline.dylib", "libedit.dylib"] {
            if let readline = load(name) { return readline }
        }
        return nil
    }

    private static func load(_ name: String) -> Readline? {
        guard let library = LoadedSymbols(library: name, Symbol.allCases) else { return nil }
        guard
            let install = library.function(
                .install, as: (@convention(c) (UnsafePointer<CChar>?, LineHandler) -> Void).self),
            let readCharacter = library.function(.readCharacter, as: (@convention(c) () -> Void).self),
            let remove = library.function(.remove, as: (@convention(c) () -> Void).self),
            let addHistory = library.function(
                .addHistory, as: (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
            let readHistory = library.function(
                .readHistory, as: (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
            let writeHistory = library.function(
                .writeHistory, as: (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
            let onNewLine = library.function(.onNewLine, as: (@convention(c) () -> Int32).self),
            let redisplay = library.function(.redisplay, as: (@convention(c) () -> Void).self),
            let replaceLine = library.function(
                .replaceLine, as: (@convention(c) (UnsafePointer<CChar>?, Int32) -> Void).self)
        else { return nil }
        return Readline(
            install: install, readCharacter: readCharacter, remove: remove, addHistory: addHistory,
            readHistory: readHistory, writeHistory: writeHistory, onNewLine: onNewLine, redisplay: redisplay,
            replaceLine: replaceLine,
            catchSignals: library.addresses[.catchSignals]?.assumingMemoryBound(to: Int32.self),
            completionEntryFunction: library.addresses[.completionEntryFunction],
            lineBuffer: library.addresses[.lineBuffer]?.assumingMemoryBound(
                to: UnsafeMutablePointer<CChar>?.self),
            point: library.addresses[.point]?.assumingMemoryBound(to: Int32.self),
            libraryName: name)
    }

    /// The symbols used, with their names in both libraries.
    private enum Symbol: String, CaseIterable {
        case install = "rl_callback_handler_install"
        case readCharacter = "rl_callback_read_char"
        case remove = "rl_callback_handler_remove"
        case addHistory = "add_history"
        case readHistory = "read_history"
        case writeHistory = "write_history"
        case onNewLine = "rl_on_new_line"
        case redisplay = "rl_redisplay"
        case replaceLine = "rl_replace_line"
        /// A variable, not required: without it the library keeps its own signal handling.
        case catchSignals = "rl_catch_signals"
        /// Variables for Tab completion, not required: without them Tab completes nothing.
        case completionEntryFunction = "rl_completion_entry_function"
        case lineBuffer = "rl_line_buffer"
        case point = "rl_point"

        var isOptional: Bool {
            switch self {
            case .catchSignals, .completionEntryFunction, .lineBuffer, .point: true
            default: false
            }
        }
    }

    /// The addresses of a library's symbols, found by the one loader of the program's `dlopen`ed
    /// libraries (CLibraryLoader): opened by its system name, never a path, and kept open.
    private struct LoadedSymbols {
        let addresses: [Symbol: UnsafeMutableRawPointer]

        /// Opens `name` and resolves `symbols`; nil when it does not open or lacks one that is not
        /// optional.
        init?(library name: String, _ symbols: [Symbol]) {
            let strings = ([name] + symbols.map(\.rawValue)).map { strdup($0) }
            defer {
                for string in strings { free(string) }
            }
            guard strings.allSatisfy({ $0 != nil }) else { return nil }
            var slots = [UnsafeMutableRawPointer?](repeating: nil, count: symbols.count)
            let handle = slots.withUnsafeMutableBufferPointer { slots in
                var table = symbols.indices.map { index in
                    movies_library_symbol(
                        name: strings[index + 1].map { UnsafePointer($0) },
                        address: slots.baseAddress.map { $0 + index },
                        optional: symbols[index].isOptional ? 1 : 0)
                }
                let names = [strings[0].map { UnsafePointer($0) }]
                var failure = movies_library_failure()
                return movies_library_open(names, names.count, &table, table.count, nil, &failure)
            }
            guard handle != nil else { return nil }
            var addresses: [Symbol: UnsafeMutableRawPointer] = [:]
            for (symbol, address) in zip(symbols, slots) {
                addresses[symbol] = address
            }
            self.addresses = addresses
        }

        /// The function `symbol` as type `T` (a `@convention(c)` function type).
        func function<T>(_ symbol: Symbol, as type: T.Type) -> T? {
            addresses[symbol].map { unsafeBitCast($0, to: type) }
        }
    }
}
