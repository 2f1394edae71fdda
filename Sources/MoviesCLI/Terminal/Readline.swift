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
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ symbolName: String, as type: T.Type) -> T? {
            guard let pointer = dlsym(handle, symbolName) else { return nil }
            return unsafeBitCast(pointer, to: type)
        }
        guard
            let install = symbol(
                "rl_callback_handler_install",
                as: (@convention(c) (UnsafePointer<CChar>?, LineHandler) -> Void).self),
            let readCharacter = symbol("rl_callback_read_char", as: (@convention(c) () -> Void).self),
            let remove = symbol("rl_callback_handler_remove", as: (@convention(c) () -> Void).self),
            let addHistory = symbol(
                "add_history", as: (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
            let readHistory = symbol(
                "read_history", as: (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
            let writeHistory = symbol(
                "write_history", as: (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
            let onNewLine = symbol("rl_on_new_line", as: (@convention(c) () -> Int32).self),
            let redisplay = symbol("rl_redisplay", as: (@convention(c) () -> Void).self),
            let replaceLine = symbol(
                "rl_replace_line", as: (@convention(c) (UnsafePointer<CChar>?, Int32) -> Void).self)
        else {
            dlclose(handle)
            return nil
        }
        return Readline(
            install: install, readCharacter: readCharacter, remove: remove, addHistory: addHistory,
            readHistory: readHistory, writeHistory: writeHistory, onNewLine: onNewLine, redisplay: redisplay,
            replaceLine: replaceLine,
            catchSignals: dlsym(handle, "rl_catch_signals")?.assumingMemoryBound(to: Int32.self),
            libraryName: name)
    }
}
