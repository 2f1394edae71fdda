import Foundation
import TestSupport
import Testing

/// Ids and imports as an outside attack found them (issue 40): ids a file gives, the sequence that
/// hands them out, and what a change feed calls an imported film.
@Suite("ids and imports (issue 40)", .offPool, .serialized)
struct IdsAndImportsTests {
    let movies = MoviesProcess()
    static let ownHeader = "id,title,year,rating,watched_on,note,created_at,updated_at"

    @Test("an id past the highest a file may give is refused by line, and the list goes on taking films")
    func fileIDBeyondTheBound() throws {
        try movies.succeed("add", "Heat")
        for (name, text) in [
            ("big.json", #"[{"id": 9223372036854775807, "title": "Alien", "rating": "good"}]"#),
            ("big.csv", "\(Self.ownHeader)\n9007199254740992,Alien,,good,,,,\n"),
        ] {
            let file = try movies.folder.write(text, to: name)
            try movies.refuse(
                ["import", file], status: 65,
                message: "is above 9007199254740991, the highest a file may give a film")
        }
        // The highest allowed id is kept, and ids go on above it.
        let file = try movies.folder.write(
            "\(Self.ownHeader)\n9007199254740991,Alien,,good,,,,\n", to: "top.csv")
        try movies.succeed("import", file)
        try movies.succeed("rm", "9007199254740991")
        try movies.succeed("add", "Ran")
        #expect(try movies.succeed("show", "9007199254740992").contains("Ran"))
    }

    @Test("a sequence at its end is reported as such, never as a full disk", .requires(.sqlite3))
    func exhaustedSequence() throws {
        try movies.succeed("add", "Heat")
        try SQLiteShell.run(
            movies.databasePath,
            "INSERT INTO movies (id, title) VALUES (9223372036854775807, 'Alien'); DELETE FROM movies WHERE title = 'Alien'"
        )
        let result = try movies.refuse(
            ["add", "Ran"], status: 1,
            message:
                "Every id of the movies table has been handed out (the highest, 9223372036854775807, was used)"
        )
        #expect(!result.stderr.contains("disk"), "\(result)")
        let file = try movies.folder.write("\(Self.ownHeader)\n,Ran,,good,,,,\n", to: "ran.csv")
        try movies.refuse(
            ["import", file], status: 1, message: "Every id of the movies table has been handed out")
    }

    @Test("--watch --format ndjson reports a film an import added as added, not entered")
    func importedFilmIsAdded() async throws {
        try movies.succeed("add", "Heat", "--rating", "good")
        let watch = try BackgroundProcess(
            MoviesProcess.binary, ["list", "--watch", "--format", "ndjson"], environment: movies.environment)
        #expect(await watch.waitForOutput("\"title\":\"Heat\""))
        // Letterboxd's Date becomes the film's created_at: older than its updated_at.
        let ratings = try movies.folder.write(
            "Date,Name,Year,Letterboxd URI,Rating\n2020-01-02,Alien,1979,https://boxd.it/2b5I,4\n",
            to: "ratings.csv")
        try movies.succeed("import", ratings)
        #expect(await watch.waitForOutput("{\"change\":\"added\",\"movie\":{\"id\":2,"))
        try movies.succeed("rate", "1", "excellent")
        #expect(await watch.waitForOutput("{\"change\":\"changed\",\"movie\":{\"id\":1,"))
        watch.send(SIGTERM)
        let result = watch.wait()
        #expect(!result.stdout.contains("\"entered\""), "\(result)")
    }
}

/// One rule per kind of id (issue 40, point 8): what `add` and `edit` store, an import takes back.
@Suite("one rule per kind of id (issue 40)", .offPool, .serialized)
struct OneRulePerIDTests {
    let movies = MoviesProcess()

    @Test("add and edit refuse the ids an import refuses, and what they store exports and imports back")
    func addEditImport() throws {
        // Scheme and host in capitals, http: the same page, kept as the import keeps it.
        try movies.succeed(
            "add", "Heat", "--rating", "good", "--imdb", "tt0113277", "--letterboxd",
            "HTTP://Letterboxd.COM/film/heat-1995/")
        #expect(try movies.succeed("show", "1").contains("https://letterboxd.com/film/heat-1995/"))
        let refused: [([String], String)] = [
            (
                ["--imdb", "tt99999999999999999999999999999"],
                "is not an IMDb id (tt followed by 7 to 10 digits"
            ),
            (["--imdb", "tt00000000000000000000000000001"], "is not an IMDb id"),
            (["--imdb", "tt123456"], "is not an IMDb id"),
            (["--letterboxd", "https://evil.example/film/x/"], "is not a Letterboxd address"),
            (["--letterboxd", "https://letterboxd.com/film/amélie/"], "is not a Letterboxd address"),
            (
                ["--letterboxd", "https://boxd.it/" + String(repeating: "x", count: 5000)],
                "is not a Letterboxd address"
            ),
        ]
        for (arguments, message) in refused {
            try movies.refuse(["add", "Alien"] + arguments, status: 64, message: message)
            try movies.refuse(["edit", "1"] + arguments, status: 64, message: message)
        }
        try movies.succeed(
            "add", "Ran", "--rating", "good", "--imdb", "tt0089881", "--letterboxd", "https://boxd.it/2b5I")
        for format in ["json", "csv", "letterboxd"] {
            let file = movies.folder.file("out-\(format)")
            try movies.succeed("export", "--format", format, "-o", file)
            let other = MoviesProcess()
            let result = try other.run([
                "import", "--from", format == "letterboxd" ? "letterboxd" : format, file,
            ])
            #expect(result.status == 0, "\(format): \(result)")
            #expect(
                try other.succeed("list", "--format", "tsv").split(separator: "\n").count == 3, "\(format)")
        }
    }
}

/// Imports that changed the list every time (issue 40, point 9): importing the same files again always
/// reports 0 changes.
@Suite("importing the same files again changes nothing (issue 40)", .offPool, .serialized)
struct ImportAgainTests {
    let movies = MoviesProcess()

    static let imdbHeader =
        "Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors"

    /// An IMDb row of Heat (1995) under `title`, rated `rating` of ten on `day`.
    static func imdbRow(title: String, rating: Int, day: String) -> String {
        "tt0113277,\(rating),\(day),\(title),Heat,https://www.imdb.com/title/tt0113277/,Movie,8.3,170,1995,Crime,700000,1995-12-15,Michael Mann"
    }

    @Test("two titles of one IMDb id: the row left out the first time is left out every time")
    func oneIDTwoTitles() throws {
        let file = try movies.folder.write(
            [
                Self.imdbHeader, Self.imdbRow(title: "Heat", rating: 9, day: "2023-10-29"),
                Self.imdbRow(title: "Heat Two", rating: 6, day: "2023-10-30"), "",
            ].joined(separator: "\n"), to: "imdb.csv")
        let first = try movies.run("import", "--on-duplicate", "update", file)
        #expect(first.stdout.contains("1 added, 0 updated"), "\(first)")
        #expect(first.stderr.contains("line 3: tt0113277 is also the id of the film on line 2"), "\(first)")
        let listed = try movies.succeed("list", "--format", "tsv")
        for _ in 0..<2 {
            let again = try movies.run("import", "--on-duplicate", "update", file)
            #expect(again.stdout.contains("0 added, 0 updated"), "\(again)")
            #expect(
                again.stderr.contains("line 3: tt0113277 is also the id of the film on line 2"), "\(again)")
            #expect(try movies.succeed("list", "--format", "tsv") == listed)
        }
    }

    @Test("Letterboxd and IMDb rating a film differently on one day: a tie, kept and reported, never flipped")
    func sameDayRatings() throws {
        let letterboxd = try movies.folder.write(
            "Date,Name,Year,Letterboxd URI,Rating\n2023-10-29,Heat,1995,https://boxd.it/2b5I,4\n",
            to: "ratings.csv")
        let imdb = try movies.folder.write(
            Self.imdbHeader + "\n" + Self.imdbRow(title: "Heat", rating: 6, day: "2023-10-29") + "\n",
            to: "imdb.csv")
        try movies.succeed("import", "--on-duplicate", "update", letterboxd)
        let listed = try movies.succeed("list", "--format", "tsv")
        #expect(listed.contains("\tgood\t"), "\(listed)")
        // The first IMDb import fills in what IMDb adds (the id, the runtime); the rating stays.
        let first = try movies.run("import", "--on-duplicate", "update", imdb)
        #expect(first.stdout.contains("0 added, 1 updated") && first.stdout.contains("the one listed stays"))
        for file in [letterboxd, imdb, letterboxd, imdb] {
            let again = try movies.run("import", "--on-duplicate", "update", file)
            #expect(again.status == 0 && again.stdout.contains("0 added, 0 updated"), "\(again)")
            #expect(!again.stdout.contains("is newer"), "\(again)")
            if file == imdb {
                #expect(
                    again.stdout.contains(
                        "Heat (1995): the file's rating 3 stars and the rating listed, 4 stars, were given the same day (2023-10-29); the one listed stays"
                    ), "\(again)")
            }
        }
        #expect(try movies.succeed("list", "--format", "tsv").contains("\tgood\t"))
    }
}

/// A folder import's messages name the files their lines are in (issue 40, point 19).
@Suite("a folder import names the files (issue 40)", .offPool)
struct FolderImportPlacesTests {
    let movies = MoviesProcess()

    @Test("an id collision between two files of an export names both files")
    func collisionNamesFiles() throws {
        try FileManager.default.createDirectory(
            atPath: movies.folder.file("export"), withIntermediateDirectories: true)
        try movies.folder.write(
            "Date,Name,Year,Letterboxd URI\n2021-03-01,Heat,1995,https://boxd.it/same\n",
            to: "export/watched.csv")
        try movies.folder.write(
            "Date,Name,Year,Letterboxd URI,Rating\n2021-03-02,Alien,1979,https://boxd.it/same,4\n",
            to: "export/ratings.csv")
        let result = try movies.run("import", movies.folder.file("export"))
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains(
                "watched.csv, line 2: https://boxd.it/same is also the id of the film on line 2 of ratings.csv"
            ),
            "\(result)")
    }

    @Test("a bad row of an export's file is refused naming the file")
    func rejectedRowNamesFile() throws {
        try movies.succeed("add", "Ran")
        try FileManager.default.createDirectory(
            atPath: movies.folder.file("export"), withIntermediateDirectories: true)
        try movies.folder.write(
            "Date,Name,Year,Letterboxd URI\n2021-03-01,Heat,1995,https://boxd.it/heat\n",
            to: "export/watched.csv")
        try movies.folder.write(
            "Date,Name,Year,Letterboxd URI,Rating\n2021-03-02,Alien,MCMLXXIX,https://boxd.it/alien,4\n",
            to: "export/ratings.csv")
        try movies.refuse(
            ["import", movies.folder.file("export")], status: 65, message: "ratings.csv, line 2: the year")
    }
}
