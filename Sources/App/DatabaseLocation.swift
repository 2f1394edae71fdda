import Basics
import MoviesCore
import UserFacing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the database file lives: `--db PATH`, else `$MOVIES_DB`, else
/// `$XDG_DATA_HOME/movies/movies.sqlite`, else `~/.local/share/movies/movies.sqlite`, following the XDG
/// Base Directory specification (an empty or relative `XDG_DATA_HOME` is ignored, as the specification
/// requires). https://specifications.freedesktop.org/basedir-spec/latest/
///
/// Only the text is looked at here; what is at the path is `Storage`'s to check.
public enum DatabaseLocation {
    /// The database path for a command: `option` (`--db`, nil when not given), else the default for
    /// `environment`.
    ///
    /// - A leading `~/`, or a lone `~`, is the home folder (`$HOME`, else the user's entry in the password
    ///   database), as a shell expands it unquoted and git expands it in its configuration: a quoted `~`
    ///   is common in env files (`MOVIES_DB="~/movies.sqlite"`). `~name/` is taken as it is.
    /// - An empty path is a usage error, also from an empty `MOVIES_DB`: a script that builds the variable
    ///   from one that is unset (`MOVIES_DB="$DIR/movies.sqlite"` gives `/movies.sqlite`; `"$FILE"` gives
    ///   "") must not quietly write to the personal list instead.
    /// - A control character (a line break, an escape) is a usage error: it is almost always two paths run
    ///   together (`--db "$(ls *.sqlite)"`) or a pasted mistake, and would make a file name no one can type.
    public static func path(option: String?, environment: [String: String]) throws(DatabaseLocationError)
        -> String
    {
        if let option { return try checked(option, source: .option, environment: environment) }
        return try defaultPath(environment: environment)
    }

    /// The database path when `--db` is not given: `$MOVIES_DB` (checked and expanded as in
    /// `path(option:environment:)`), else the XDG default.
    public static func defaultPath(environment: [String: String]) throws(DatabaseLocationError) -> String {
        if let path = environment["MOVIES_DB"] {
            return try checked(path, source: .environment, environment: environment)
        }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasUTF8Prefix("/") {
            return dataHome + "/movies/movies.sqlite"
        }
        return try homeFolder(environment) + "/.local/share/movies/movies.sqlite"
    }

    private static func checked(
        _ path: String, source: DatabaseLocationError.Source, environment: [String: String]
    ) throws(DatabaseLocationError) -> String {
        guard !path.isEmpty else { throw .empty(source) }
        if let control = path.unicodeScalars.first(where: { $0.isControlCharacter }) {
            throw .controlCharacter(source, control)
        }
        if path == "~" { return try homeFolder(environment) }
        if path.hasUTF8Prefix("~/") {
            let home = try homeFolder(environment)
            return (home.hasUTF8Suffix("/") ? String(home.dropLast()) : home) + path.dropFirst()
        }
        return path
    }

    /// `$HOME` when it is an absolute path, else the home folder of the user's entry in the password
    /// database. A relative `HOME` (`HOME=.` in a script, a broken environment file) would put the list
    /// under whatever folder the command runs in, a new empty one each time: it is ignored, as a relative
    /// `XDG_DATA_HOME` is.
    private static func homeFolder(_ environment: [String: String]) throws(DatabaseLocationError) -> String {
        if let home = environment["HOME"], home.hasUTF8Prefix("/") { return home }
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil,
            let folder = entry.pw_dir, folder.pointee != 0
        else { throw .noHomeFolder }
        return String(cString: folder)
    }
}

/// A database path that is wrong as text, before any file is looked at.
public enum DatabaseLocationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the path came from.
    public enum Source: Sendable, Equatable {
        /// `--db`
        case option
        /// `$MOVIES_DB`
        case environment
    }

    /// The path is empty.
    case empty(Source)
    /// The path holds a control character.
    case controlCharacter(Source, Unicode.Scalar)
    /// The path starts with `~`, or no path is set, and no home folder is known.
    case noHomeFolder

    public var description: String {
        switch self {
        case .empty(.option):
            "the database path given with --db is empty; give a file name, or leave --db out to use "
                + "the default database"
        case .empty(.environment):
            "the MOVIES_DB variable is set but empty; unset it to use the default database, or set it to "
                + "a file name"
        case .controlCharacter(let source, let scalar):
            "the database path \(source == .option ? "given with --db" : "in MOVIES_DB") contains a control "
                + "character (\(scalar.codePoint)); "
                + "give a path without line breaks or escapes"
        case .noHomeFolder:
            "the home folder is unknown (HOME is not set and the user has no home in the password "
                + "database); give the database path with --db or MOVIES_DB"
        }
    }
}

extension DatabaseLocationError: UserFacingError {
    package var message: String { description.capitalizingFirstLetter() }
    package var exitCode: ExitCode { .usage }
}
