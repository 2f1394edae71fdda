import Foundation
import TestSupport
import Testing

/// `movies lists` and its subcommands, and what `import` and `export` say about files, in process.
@Suite("movies lists, import's summary and refusals, export per viewing")
struct ListsAndInterchangeCommandTests {
    let cli = InProcessCLI()

    @Test("lists add makes a list, keeps order, move reorders, rm takes films off and removes the list")
    func lists() async throws {
        try await cli.succeed("add", "Heat", "--year", "1995")
        try await cli.succeed("add", "Rififi", "--year", "1955")
        try await cli.succeed("add", "Thief", "--year", "1981")
        let added = try await cli.succeed("lists", "add", "Heists", "Heat", "Rififi (1955)", "3")
        #expect(added.contains("to Heists"), "\(added)")
        #expect(try await cli.succeed("lists").contains("Heists"))
        try await cli.succeed("lists", "move", "heists", "Thief", "1")
        let shown = try await cli.succeed("lists", "show", "Heists", "--format", "csv")
        let titles: [String] = shown.split(separator: "\n").dropFirst().map { (line: Substring) -> String in
            String(line.split(separator: ",")[2])
        }
        #expect(titles == ["Thief", "Heat", "Rififi"])
        try await cli.succeed("lists", "rm", "Heists", "Heat")
        let after = try await cli.succeed("lists", "show", "Heists", "--format", "csv")
        #expect(after.contains("1,3,Thief") && after.contains("2,2,Rififi"), "positions close up: \(after)")
        // The list exported as Letterboxd does, and imported back unchanged.
        let exported = try await cli.succeed("export", "--format", "letterboxd-list", "--list", "Heists")
        #expect(exported.hasPrefix("Letterboxd list export v7\nDate,Name,Tags,URL,Description\n"))
        let file = try cli.folder.write(exported, to: "heists.csv")
        let imported = try await cli.succeed("import", file)
        #expect(imported.contains("lists: 0 added, 0 updated, 1 unchanged"), "\(imported)")
        try await cli.refuse(
            ["lists", "rm", "Heists", "Heat"], status: 1, message: "is not on the list 'Heists'")
        try await cli.refuse(
            ["lists", "show", "Capers"], status: 1, message: "There is no list named 'Capers' (lists: Heists)"
        )
        try await cli.refuse(
            ["export", "--format", "letterboxd-list"], status: 64, message: "name it with --list NAME")
        try await cli.succeed("lists", "rm", "Heists")
        #expect(try await cli.run("lists").stderr.contains("No lists yet"))
        #expect(try await cli.succeed("list").contains("Heat"), "a removed list's films stay listed")
    }

    @Test("a Letterboxd list's Date is kept as its created_at and exported back (it was the import's day)")
    func listDateKept() async throws {
        func export(date: String) -> String {
            """
            Letterboxd list export v7
            Date,Name,Tags,URL,Description
            \(date),Heists,,https://letterboxd.com/someone/list/heists/,Who stole what

            Position,Name,Year,URL,Description
            1,Heat,1995,https://letterboxd.com/film/heat-1995/,

            """
        }
        let file = try cli.folder.write(export(date: "2019-03-04"), to: "heists.csv")
        #expect(try await cli.succeed("import", file).contains("lists: 1 added"))
        let database = await cli.databasePath
        #expect(try DirectSQL.run(database, "SELECT created_at FROM lists") == "2019-03-04T00:00:00.000Z")
        let exported = try await cli.succeed("export", "--format", "letterboxd-list", "--list", "Heists")
        #expect(exported == export(date: "2019-03-04"), "\(exported)")
        #expect(try await cli.succeed("import", file).contains("lists: 0 added, 0 updated, 1 unchanged"))
        // Another day in the file is the list's day now; a list made here keeps the day it was made.
        let moved = try cli.folder.write(export(date: "2020-05-06"), to: "heists-again.csv")
        #expect(try await cli.succeed("import", moved).contains("lists: 0 added, 1 updated"))
        #expect(
            try await cli.succeed("export", "--format", "letterboxd-list", "--list", "Heists")
                == export(date: "2020-05-06"))
        let undated = try cli.folder.write(export(date: ""), to: "undated.csv")
        #expect(try await cli.succeed("import", undated).contains("lists: 0 added, 0 updated, 1 unchanged"))
        let bad = try cli.folder.write(export(date: "2020-13-01"), to: "bad.csv")
        try await cli.refuse(
            ["import", bad], status: 65, message: "line 3: the Date '2020-13-01' is not a date")
    }

    @Test("the summary names skipped films with the hint, and counts no rating for them")
    func skippedFilmsNamed() async throws {
        try await cli.succeed("add", "Heat", "--year", "1995")
        let file = try cli.folder.write(
            "Date,Name,Year,Letterboxd URI\n2021-01-01,Heat,1995,https://boxd.it/2aMM\n", to: "watched.csv")
        let result = try await cli.run("import", file)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("1 skipped"))
        #expect(result.stdout.contains("--on-duplicate update"), "\(result)")
        #expect(result.stdout.contains("line 2: Heat (1995) (movies show 1)"), "\(result)")
        #expect(!result.stdout.contains("has no rating"), "a skipped film is not counted: \(result)")
    }

    @Test("an unknown header and an undecidable file are refused naming --from, the path said once")
    func refusals() async throws {
        let unknown = try cli.folder.write("Foo,Bar\n1,2\n", to: "odd.csv")
        let result = try await cli.refuse(
            ["import", unknown], status: 65, message: "--from names the format")
        #expect(!result.stderr.contains("\(unknown): \(unknown)"), "\(result)")
        let ambiguous = try cli.folder.write(
            "Date,Name,Year,Letterboxd URI\n2021-01-01,Heat,1995,https://boxd.it/2aMM\n", to: "export.csv")
        try await cli.refuse(
            ["import", ambiguous], status: 65,
            message: "neither its name nor --from says which; name it with --from (letterboxd-watched")
        let watchlist = try await cli.succeed("import", ambiguous, "--from", "letterboxd-watchlist")
        #expect(watchlist.contains("1 added"))
        #expect(
            try await cli.succeed("list", "--format", "csv").contains("not-seen"), "a watchlist is never seen"
        )
    }

    @Test("export --format letterboxd writes one row per viewing, no made-up stars, notes only when asked")
    func exportPerViewing() async throws {
        try await cli.succeed("add", "Dune", "--year", "2021", "-r", "good")
        try await cli.succeed("edit", "1", "--note", "private thought")
        try await cli.succeed("log", "1", "--on", "2021-10-22")
        try await cli.succeed(
            "log", "1", "--on", "2024-03-01", "--rewatch", "--review", "Better", "--tag", "imax")
        let exported = try await cli.succeed("export", "--format", "letterboxd")
        #expect(
            exported == """
                Title,Year,Rating,WatchedDate,Rewatch,Review,Tags,imdbID,LetterboxdURI
                Dune,2021,,2021-10-22,,,,,
                Dune,2021,,2024-03-01,true,Better,imax,,

                """, "\(exported)")
        let withNotes = try await cli.succeed("export", "--format", "letterboxd", "--include-notes")
        #expect(withNotes.contains("\"Better\n\nprivate thought\""))
    }

    @Test(
        "export --format letterboxd writes reviews and tags that look like formulas as they are, and reads them back so"
    )
    func letterboxdKeepsFormulaLikeText() async throws {
        try await cli.succeed("add", "Heat", "--year", "1995")
        try await cli.succeed("log", "1", "--on", "2024-01-01", "--review=-30-", "--tag=-5")
        try await cli.succeed(
            "log", "1", "--on", "2024-01-02", "--rewatch", "--review", "=HYPERLINK(\"http://x\")", "--tag",
            "@home", "--tag", "+1")
        try await cli.succeed(
            "log", "1", "--on", "2024-01-03", "--rewatch", "--review", "'=x", "--tag", "'@y")
        // No leading ' (the csv and tsv formats' guard): Letterboxd's importer would keep it in the review.
        let exported = try await cli.succeed("export", "--format", "letterboxd")
        #expect(
            exported == """
                Title,Year,Rating,WatchedDate,Rewatch,Review,Tags,imdbID,LetterboxdURI
                Heat,1995,,2024-01-01,,-30-,-5,,
                Heat,1995,,2024-01-02,true,"=HYPERLINK(""http://x"")","@home, +1",,
                Heat,1995,,2024-01-03,true,'=x,'@y,,

                """, "\(exported)")
        // This program's import gives back the same text, a leading ' included.
        let other = InProcessCLI()
        let file = try other.folder.write(exported, to: "letterboxd.csv")
        try await other.succeed("import", file)
        #expect(try await other.succeed("export", "--format", "letterboxd") == exported)
        let database = await other.databasePath
        #expect(
            try DirectSQL.run(database, "SELECT review || '|' || tags FROM viewings ORDER BY watched_on")
                == "-30-|-5\n=HYPERLINK(\"http://x\")|@home, +1\n'=x|'@y")
    }
}
