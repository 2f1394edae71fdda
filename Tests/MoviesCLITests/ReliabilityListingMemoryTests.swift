import Foundation
import TestSupport
import Testing

/// Whether an address-space limit can be used with this build.
enum AddressSpaceLimitProbe {
    /// False under a sanitizer: ThreadSanitizer and AddressSanitizer reserve terabytes of address space
    /// for their shadow memory at start-up, so any `ulimit -v` kills them before `main`. The test process
    /// is built with the same sanitizer as the binary, so its own runtime tells.
    static let isUsable: Bool = dlsym(nil, "__tsan_init") == nil && dlsym(nil, "__asan_init") == nil
}

extension Reliability {
    /// A listing streams: `movies list` of 200,000 movies without `--limit`, as a table (two readings of
    /// one snapshot, the first for the column widths) and as JSON (row by row), under an address-space
    /// limit of 150 MB that reading every row into memory first (165 MB) does not survive.
    @Suite(
        "Reliability: memory of a whole listing",
        .enabled(
            if: AddressSpaceLimitProbe.isUsable,
            "a sanitizer's runtime cannot start under an address-space limit"))
    struct ReliabilityListingMemoryTests {
        static let count = 200_000
        /// `ulimit -v`, in KiB.
        static let limitKiB = 150_000
        let movies = MoviesProcess()
        /// The widest title, on the last row: the table's first line must already be padded to it.
        static let widest = "The one title longer than all the others, at the very end"

        init() throws {
            try movies.succeed("migrate")
            try GeneratedMovies.insert(
                into: movies.databasePath, count: Self.count - 1, title: "'Movie ' || x",
                columns: ["year": "1900 + x % 100", "rating": "'good'"])
            try DirectSQL.run(movies.databasePath, "INSERT INTO movies (title) VALUES ('\(Self.widest)')")
        }

        /// Runs `movies arguments` under the address-space limit.
        private func runLimited(_ arguments: [String]) throws -> ProcessResult {
            try ProcessRunner.run(
                "/bin/sh",
                ["-c", "ulimit -v \(Self.limitKiB) && exec \"$0\" \"$@\"", MoviesProcess.binary] + arguments,
                environment: movies.environment)
        }

        @Test("list without --limit, as a table and as JSON, under a 150 MB address-space limit")
        func wholeListStreams() throws {
            let table = try runLimited(["list"])
            #expect(table.status == 0 && !table.crashed, "\(table.status) \(table.stderr.prefix(500))")
            let lines = table.stdout.split(separator: "\n")
            #expect(lines.count == Self.count + 1)
            // Widths come from every row, as when the list was read whole.
            let padding = String(repeating: " ", count: Self.widest.count - "Movie 1".count)
            #expect(lines.count > 1 && String(lines[1]) == "       1  Movie 1\(padding)  1901  good")
            #expect(lines.last.map(String.init) == "  \(Self.count)  \(Self.widest)        not-seen")

            let json = try runLimited(["list", "--format", "json"])
            #expect(json.status == 0 && !json.crashed, "\(json.status) \(json.stderr.prefix(500))")
            #expect(json.stdout.hasPrefix("[\n  {\"id\":1,\"title\":\"Movie 1\","))
            #expect(
                json.stdout.hasSuffix(
                    "\"letterboxd_uri\":null,\"watch_count\":null,\"rated_on\":null,\"runtime_minutes\":null,"
                        + "\"genres\":null,\"directors\":null}\n]\n"))
        }
    }
}
