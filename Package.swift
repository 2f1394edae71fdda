// swift-tools-version:6.0
// The movies package: a movie list and a news reading list in one SQLite file.
// Layers (arrows point right only): CSQLite -> Storage -> MoviesCore -> ViewModels -> MoviesCLI -> movies.
// See ../shared/DESIGN.md for the picture behind this file.

import PackageDescription

let package = Package(
    name: "movies",
    // Mutex and Atomic (Synchronization) need macOS 15; on Linux any Swift 6 toolchain has them.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "movies", targets: ["movies"]),
        .library(name: "MoviesCore", targets: ["MoviesCore"]),
        .library(name: "ViewModels", targets: ["ViewModels"]),
    ],
    targets: [
        // MARK: - SQLite
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // MARK: - libcurl, loaded at run time
        // dlopen()s libcurl on the first feed fetch, so no command pays for loading it (and TLS,
        // Kerberos, LDAP...) at start-up; needs no curl headers to build.
        .target(
            name: "CCurlLoader",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),

        // MARK: - Libraries
        // Checksum: SHA-256 for migration checksums, shared by Storage and the embed-migrations tool.
        .target(name: "Checksum"),
        .target(name: "Storage", dependencies: ["CSQLite", "Checksum"]),
        .target(
            name: "MoviesCore",
            dependencies: ["Storage", "CCurlLoader"],
            plugins: ["EmbedMigrations"]
        ),
        .target(name: "ViewModels", dependencies: ["MoviesCore"]),
        .target(name: "MoviesCLI", dependencies: ["MoviesCore", "ViewModels"]),

        // MARK: - Executables
        .executableTarget(name: "movies", dependencies: ["MoviesCLI"]),

        // MARK: - Benchmark: swift run -c release movies-bench [--quick]
        .executableTarget(
            name: "movies-bench", dependencies: ["MoviesCore", "Storage", "CSQLite", "TestSupport"]),

        // MARK: - Build plugin: Migrations/*.sql compiled into the binary
        .executableTarget(name: "embed-migrations", dependencies: ["Checksum"]),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["embed-migrations"]
        ),

        // MARK: - Tests
        // TestSupport: temporary folders, running processes, file snapshots; shared by the test targets.
        .target(name: "TestSupport", dependencies: ["Storage"], path: "Tests/TestSupport"),
        .testTarget(name: "ChecksumTests", dependencies: ["Checksum"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "TestSupport"]),
        .testTarget(
            name: "MoviesCoreTests", dependencies: ["MoviesCore", "TestSupport"],
            resources: [.copy("Feeds/Fixtures")]),
        .testTarget(name: "ViewModelsTests", dependencies: ["ViewModels", "TestSupport"]),
        // Depends on the `movies` executable so `swift test` builds it; the tests run it as a user would.
        // HostileInput/: the corpus of bad command lines, import files and feeds (ReliabilityHostileInputTests).
        .testTarget(
            name: "MoviesCLITests", dependencies: ["MoviesCLI", "movies", "TestSupport"],
            resources: [.copy("HostileInput")]),
    ],
    swiftLanguageModes: [.v6]
)
