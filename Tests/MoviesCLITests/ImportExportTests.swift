import Foundation
import TestSupport
import Testing

@Suite("movies import and export")
struct ImportExportTests {
    let movies = MoviesProcess()

    static let ratings = """
        Date,Name,Year,Letterboxd URI,Rating
        2024-01-02,Heat,1995,https://boxd.it/heat,4.5
        2024-01-03,"Paris, Texas",1984,https://boxd.it/paris,3
        2024-01-04,Cats,2019,https://boxd.it/cats,0.5

        """

    @Test("a Letterboxd ratings file imports, says what it did, and exports back")
    func letterboxdFile() throws {
        let file = try movies.folder.write(Self.ratings, to: "ratings.csv")
        #expect(
            try movies.succeed("import", file)
                == "Imported \(file) (letterboxd ratings): 3 added, 0 updated, 0 skipped, 0 rejected.\n")
        #expect(try movies.succeed("import", file).contains("0 added, 0 updated, 3 skipped"))
        let list = try movies.succeed("list", "--sort", "rating")
        #expect(list.contains("1  Heat          1995  excellent"))
        #expect(list.contains("3  Cats          2019  terrible"))
        let letterboxd = try movies.succeed("export", "--to", "letterboxd")
        #expect(
            letterboxd == """
                Title,Year,Rating,WatchedDate,Review,imdbID,LetterboxdURI
                Heat,1995,4.5,,,,https://boxd.it/heat
                "Paris, Texas",1984,3,,,,https://boxd.it/paris
                Cats,2019,0.5,,,,https://boxd.it/cats

                """)
    }

    /// Writes a small Letterboxd export folder (ratings, watchlist, watched) and returns its path.
    private func letterboxdExportFolder() throws -> String {
        let folder = movies.folder.file("letterboxd")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.ratings.write(toFile: folder + "/ratings.csv", atomically: true, encoding: .utf8)
        try "Date,Name,Year,Letterboxd URI\n2024-01-01,Dune,2021,https://boxd.it/dune\n".write(
            toFile: folder + "/watchlist.csv", atomically: true, encoding: .utf8)
        try "Date,Name,Year,Letterboxd URI\n2024-01-01,Alien,1979,https://boxd.it/alien\n".write(
            toFile: folder + "/watched.csv", atomically: true, encoding: .utf8)
        return folder
    }

    @Test("a whole Letterboxd export folder")
    func exportFolder() throws {
        let result = try movies.succeed("import", try letterboxdExportFolder())
        #expect(result.contains("5 added"))
        #expect(result.contains("1 watched movie has no rating and was added as not-seen."))
        #expect(try movies.succeed("export", "--format", "letterboxd-watchlist").contains("Dune,2021"))
    }

    @Test(
        "a whole Letterboxd export as a .zip (needs the zip command, which CI installs)",
        .enabled(if: ProcessRunner.which("zip") != nil, "the zip command is not installed"))
    func exportZip() throws {
        let folder = try letterboxdExportFolder()
        let zip = movies.folder.file("export.zip")
        let tool = try #require(ProcessRunner.which("zip"))
        let zipped = try ProcessRunner.run(
            tool, ["-q", "-j", zip, folder + "/ratings.csv", folder + "/watchlist.csv"])
        try #require(zipped.status == 0, "\(zipped)")
        #expect(try movies.succeed("import", zip).contains("4 added"))
    }

    @Test("export -o writes atomically; the own formats read back exactly")
    func ownFormatsRoundTrip() throws {
        try movies.succeed(
            "add", "Heat", "--year", "1995", "--rating", "excellent", "--note", "a \"note\",\nwith lines")
        try movies.succeed("add", "千と千尋", "--watched", "2024-02-29")
        for format in ["csv", "tsv", "json", "ndjson"] {
            let path = movies.folder.file("movies.\(format)")
            let written = try movies.run(["export", "--format", format, "-o", path])
            #expect(written.status == 0 && written.stderr == "Exported 2 movies to \(path)\n")
            let other = MoviesProcess()
            #expect(try other.succeed("import", path).contains("2 added"))
            #expect(
                try other.succeed("export", "--format", format)
                    == (try movies.succeed("export", "--format", format)))
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).allSatisfy {
                !$0.hasSuffix(".tmp")
            })
    }

    @Test(
        "bad input: missing file 66, unknown format 65, a bad row 65 with its line, a duplicate with fail 1; nothing changes"
    )
    func refusals() throws {
        try movies.succeed("add", "Heat", "--year", "1995")
        try movies.refuse(["import", movies.folder.file("missing.csv")], status: 66, message: "no such file")
        let unknown = try movies.folder.write("a,b,c\n1,2,3\n", to: "unknown.csv")
        try movies.refuse(["import", unknown], status: 65, message: "Cannot use \(unknown)")
        let bad = try movies.folder.write(
            "Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Alien,1979,https://boxd.it/a,4\n2024-01-01,Bad,1979,https://boxd.it/b,11\n",
            to: "bad.csv")
        try movies.refuse(
            ["import", bad], status: 65, message: "line 3: the rating 11 is not a Letterboxd rating")
        let dryRun = try movies.run(["import", bad, "--dry-run"])
        #expect(dryRun.status == 65)
        #expect(dryRun.stdout.contains("would be 1 added"))
        let duplicate = try movies.folder.write(Self.ratings, to: "ratings.csv")
        try movies.refuse(
            ["import", duplicate, "--on-duplicate", "fail"], status: 1,
            message: "Cannot import \(duplicate): line 2: Heat (1995) is already on the list as #1")
        try movies.refuse(["import", duplicate, "--from", "imdb"], status: 65, message: "Cannot use")
        try movies.refuse(
            ["import", duplicate, "--on-duplicate", "merge"], status: 64,
            message: "Please provide one of 'skip', 'update' and 'fail'")
        try movies.refuse(
            ["export", "--to", "xml"], status: 64,
            message: "The value 'xml' is invalid for '--format <format>'")
        let garbage = try movies.folder.write("\u{0}\u{1}binary\u{FF}", to: "garbage.json")
        try movies.refuse(["import", garbage], status: 65, message: "Cannot use")
        try movies.refuse(
            ["export", "-o", movies.folder.file("no/such/folder/out.csv")], status: 1, message: "Cannot write"
        )
    }
}
