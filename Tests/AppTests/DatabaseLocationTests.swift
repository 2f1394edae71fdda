import App
import Testing

@Suite("Where the database lives")
struct DatabaseLocationTests {
    @Test("the default database path follows MOVIES_DB, then XDG_DATA_HOME, then HOME")
    func defaultPath() throws {
        #expect(
            try DatabaseLocation.defaultPath(environment: ["MOVIES_DB": "/x/m.sqlite", "HOME": "/h"])
                == "/x/m.sqlite")
        #expect(
            try DatabaseLocation.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/h"])
                == "/data/movies/movies.sqlite")
        // The XDG specification says an empty or relative XDG_DATA_HOME is invalid and must be ignored.
        for dataHome in ["relative", ""] {
            #expect(
                try DatabaseLocation.defaultPath(environment: ["XDG_DATA_HOME": dataHome, "HOME": "/h"])
                    == "/h/.local/share/movies/movies.sqlite")
        }
        #expect(
            try DatabaseLocation.defaultPath(environment: ["HOME": "/h"])
                == "/h/.local/share/movies/movies.sqlite")
        // Without HOME, the user's home folder from the password database.
        let fromPasswd = try DatabaseLocation.defaultPath(environment: [:])
        #expect(fromPasswd.hasPrefix("/") && fromPasswd.hasSuffix("/.local/share/movies/movies.sqlite"))
        // A relative HOME is ignored like a relative XDG_DATA_HOME: the list must not follow the current
        // folder. The same goes for a `~` in --db or MOVIES_DB.
        for home in [".", "relative/home", "~"] {
            #expect(try DatabaseLocation.defaultPath(environment: ["HOME": home]) == fromPasswd, "\(home)")
            #expect(
                try DatabaseLocation.path(option: "~/x.sqlite", environment: ["HOME": home])
                    == String(fromPasswd.dropLast("/.local/share/movies/movies.sqlite".count)) + "/x.sqlite")
        }
        // --db beats MOVIES_DB.
        #expect(
            try DatabaseLocation.path(option: "a.sqlite", environment: ["MOVIES_DB": "/x/m.sqlite"])
                == "a.sqlite")
    }

    @Test("a leading ~/ or a lone ~ is the home folder, in --db and MOVIES_DB; ~name and inner ~ stay")
    func tildeExpansion() throws {
        let environment = ["HOME": "/home/me"]
        let expanded: [String: String] = [
            "~": "/home/me", "~/x.sqlite": "/home/me/x.sqlite", "~/": "/home/me/",
            "~/a/~/b": "/home/me/a/~/b", "~me/x.sqlite": "~me/x.sqlite", "a/~/x": "a/~/x",
            "~x": "~x", "/abs/~": "/abs/~",
        ]
        for (given, path) in expanded {
            #expect(try DatabaseLocation.path(option: given, environment: environment) == path, "\(given)")
            #expect(
                try DatabaseLocation.path(
                    option: nil, environment: environment.merging(["MOVIES_DB": given]) { $1 })
                    == path, "\(given)")
        }
        // A HOME ending in / does not double it.
        #expect(try DatabaseLocation.path(option: "~/x", environment: ["HOME": "/"]) == "/x")
        #expect(try DatabaseLocation.path(option: "~/x", environment: ["HOME": "/h/"]) == "/h/x")
    }

    @Test("an empty path or one with a control character is a usage error, from --db or MOVIES_DB")
    func badPathText() throws {
        #expect(throws: DatabaseLocationError.empty(.option)) {
            try DatabaseLocation.path(option: "", environment: ["MOVIES_DB": "/x.sqlite"])
        }
        #expect(throws: DatabaseLocationError.empty(.environment)) {
            try DatabaseLocation.path(option: nil, environment: ["MOVIES_DB": ""])
        }
        #expect(throws: DatabaseLocationError.controlCharacter(.option, "\n")) {
            try DatabaseLocation.path(option: "a.sqlite\nb.sqlite", environment: [:])
        }
        #expect(throws: DatabaseLocationError.controlCharacter(.environment, "\u{1B}")) {
            try DatabaseLocation.path(option: nil, environment: ["MOVIES_DB": "x\u{1B}[2J"])
        }
        #expect(DatabaseLocationError.empty(.option).exitCode == .usage)
        #expect(
            DatabaseLocationError.controlCharacter(.option, "\n").message
                == "The database path given with --db contains a control character (U+000A); give a path "
                + "without line breaks or escapes")
    }
}
