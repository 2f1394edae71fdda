import Foundation

/// Where the database file lives when `--db` is not given.
///
/// `$MOVIES_DB`, else `$XDG_DATA_HOME/movies/movies.sqlite`, else `~/.local/share/movies/movies.sqlite`,
/// following the XDG Base Directory specification (a relative `XDG_DATA_HOME` is ignored, as the
/// specification requires). https://specifications.freedesktop.org/basedir-spec/latest/
public enum DatabaseLocation {
    /// The default database path for `environment`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        if let path = environment["MOVIES_DB"], !path.isEmpty {
            return path
        }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/movies/movies.sqlite"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/movies/movies.sqlite"
    }
}
