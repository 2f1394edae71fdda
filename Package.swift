// swift-tools-version:6.0
// The movies package: a movie list and a news reading list in one SQLite file.
//
// Targets and their arrows (docs/ARCHITECTURE.md draws them with line counts):
//
//   Basics <── Storage <── News <── MoviesCore <── ViewModels <── MoviesCLI <── movies
//      ^   \                ^             ^                           |
//      |    └─ Feeds ───────┘             └── Interchange <───────────┘
//
// Every `import` in a target is declared here; what crosses targets without being public API uses the
// `package` access level.

import PackageDescription

let package = Package(
    name: "movies",
    // Mutex and Atomic (Synchronization) need macOS 15; on Linux any Swift 6 toolchain has them.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "movies", targets: ["movies"]),
        .library(name: "MoviesCore", targets: ["MoviesCore"]),
        .library(name: "News", targets: ["News"]),
        .library(name: "ViewModels", targets: ["ViewModels"]),
    ],
    targets: [
        // MARK: - C libraries
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // dlopen()s libcurl on the first feed fetch, so no command pays for loading it (and TLS,
        // Kerberos, LDAP...) at start-up; needs no curl headers to build.
        .target(
            name: "CCurlLoader",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // dlopen()s libzip on the first zip import (Debian's libzip4), so no other command loads it and
        // a machine without it still imports an unzipped folder; needs no libzip headers to build.
        .target(
            name: "CZipLoader",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // Removes registered temporary files when any signal ends the process (an
        // async-signal-safe handler needs C: no allocation, no locks).
        .target(name: "CTemporaryFiles"),
        // dlopen()s libxml2 on the first feed or OPML parse, so no command pays for loading it (and ICU,
        // zlib, liblzma) at start-up; needs no libxml2 headers to build.
        .target(
            name: "CXML2Loader",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),

        // MARK: - Libraries
        // Basics: the lock, white space, bounded concurrency, control characters, and output files (atomic
        // replacement, the database's own files refused) every layer uses.
        .target(name: "Basics", dependencies: ["CTemporaryFiles"]),
        // Checksum: SHA-256 for migration checksums, shared by Storage and the embed-migrations tool.
        .target(name: "Checksum"),
        // Storage: SQLite connections, statements, transactions, migrations, change observation.
        .target(name: "Storage", dependencies: ["Basics", "CSQLite", "Checksum"]),
        // Feeds: RSS, Atom, JSON Feed and OPML parsing, feed dates, HTML to text, fetching. No database.
        .target(name: "Feeds", dependencies: ["Basics", "CCurlLoader", "CXML2Loader"]),
        // News: feeds and their items, the repository and the refresher. Over Storage and Feeds.
        .target(name: "News", dependencies: ["Basics", "Storage", "Feeds"]),
        // MoviesCore: movies, search, statistics, and AppDatabase (the file with its migrations, which
        // hands out the movie store and the news repository).
        .target(
            name: "MoviesCore",
            dependencies: ["Basics", "Storage", "News"],
            plugins: ["EmbedMigrations"]
        ),
        // Interchange: import and export (Letterboxd, IMDb, this program's own formats).
        .target(
            name: "Interchange",
            dependencies: ["Basics", "Storage", "MoviesCore", "News", "CZipLoader"]),
        .target(name: "ViewModels", dependencies: ["Basics", "MoviesCore", "News", "Feeds"]),
        .target(
            name: "MoviesCLI",
            dependencies: ["Basics", "MoviesCore", "News", "Feeds", "Interchange", "ViewModels"]
        ),

        // MARK: - Executables
        .executableTarget(name: "movies", dependencies: ["MoviesCLI"]),

        // MARK: - Benchmark: swift run -c release movies-bench [--quick]
        .executableTarget(
            name: "movies-bench",
            dependencies: [
                "Basics", "MoviesCore", "News", "Feeds", "Interchange", "Storage", "CSQLite", "FeedServer",
            ]
        ),
        // FeedServer: a loopback HTTP server that serves generated feeds, for the benchmark and the tests.
        .target(name: "FeedServer", dependencies: ["Basics"]),

        // MARK: - Build plugin: Migrations/*.sql compiled into the binary
        .executableTarget(name: "embed-migrations", dependencies: ["Checksum"]),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["embed-migrations"]
        ),

        // MARK: - Tests
        // TestSupport: temporary folders, running processes, file snapshots; shared by the test targets.
        .target(
            name: "TestSupport", path: "Tests/TestSupport"),
        // AppTestSupport: a migrated database in a temporary folder, for the tests above the store.
        .target(
            name: "AppTestSupport", dependencies: ["MoviesCore", "News", "TestSupport"],
            path: "Tests/AppTestSupport"),
        .testTarget(name: "ChecksumTests", dependencies: ["Checksum"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "CSQLite", "TestSupport"]),
        .testTarget(
            name: "FeedsTests",
            dependencies: ["Basics", "Feeds", "CXML2Loader", "FeedServer", "TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "NewsTests",
            dependencies: [
                "Basics", "News", "MoviesCore", "Feeds", "FeedServer", "Storage", "AppTestSupport",
                "TestSupport",
            ]),
        .testTarget(
            name: "MoviesCoreTests",
            dependencies: [
                "Basics", "MoviesCore", "News", "Feeds", "FeedServer", "Storage", "AppTestSupport",
                "TestSupport",
            ]),
        .testTarget(
            name: "InterchangeTests",
            dependencies: [
                "Basics", "Interchange", "MoviesCore", "News", "Storage", "CTemporaryFiles",
                "AppTestSupport", "TestSupport",
            ]),
        .testTarget(
            name: "ViewModelsTests",
            dependencies: [
                "ViewModels", "MoviesCore", "News", "Feeds", "FeedServer", "AppTestSupport", "TestSupport",
            ]),
        // Depends on the `movies` executable so `swift test` builds it; the tests run it as a user would.
        // HostileInput/: the corpus of bad command lines, import files and feeds (ReliabilityHostileInputTests).
        .testTarget(
            name: "MoviesCLITests",
            dependencies: [
                "Basics", "MoviesCLI", "MoviesCore", "News", "Storage", "FeedServer", "movies",
                "TestSupport",
            ],
            resources: [.copy("HostileInput")]),
    ],
    swiftLanguageModes: [.v6]
)
