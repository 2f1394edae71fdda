import Foundation
import MoviesCore
import TestSupport
import Testing

/// `movies import` as a user runs it: standard input, bad rows skipped, TV left out, duplicates listed,
/// a re-import that changes nothing.
@Suite("movies import: standard input, --skip-invalid, --include-tv, duplicates, unchanged", .offPool)
struct ImportCommandTests {
    let movies = MoviesProcess()

    static let imdb = """
        Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors
        tt0113277,9,2023-10-29,Heat,Heat,https://www.imdb.com/title/tt0113277/,Movie,8.3,170,1995,Crime,700000,1995-12-15,Michael Mann
        tt0903747,10,2022-02-02,Breaking Bad,Breaking Bad,https://www.imdb.com/title/tt0903747/,TV Series,9.5,49,2008,Drama,2000000,2008-01-20,
        tt2301451,10,2022-02-03,Breaking Bad: Ozymandias,Ozymandias,https://www.imdb.com/title/tt2301451/,TV Episode,10.0,47,2013,Drama,200000,2013-09-15,Rian Johnson

        """

    @Test("import - reads standard input, in any format")
    func standardInput() throws {
        let result = try movies.run(["import", "-"], input: Self.imdb)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.hasPrefix(
                "Imported standard input (IMDb ratings): 1 added, 0 updated, 0 unchanged, 0 skipped, 0 rejected.\n"
            ))
        #expect(
            result.stdout.contains("2 titles that are not a film (TV series, episodes, games) were left out"))
        let own = try movies.succeed("list", "--format", "csv")
        let again = try movies.run(["import", "-"], input: own)
        #expect(again.stdout.contains("(this program's CSV): 0 added, 0 updated, 1 unchanged"), "\(again)")
        try movies.refuse(
            ["import", "-"], status: 65,
            message: "Cannot use standard input: the file is empty", input: "")
    }

    @Test("--include-tv takes the series and episodes IMDb lists")
    func includeTV() throws {
        let file = try movies.folder.write(Self.imdb, to: "ratings.csv")
        let result = try movies.succeed("import", file, "--include-tv")
        #expect(result.contains("3 added") && !result.contains("left out"))
        #expect(try movies.succeed("list").contains("Breaking Bad: Ozymandias"))
    }

    @Test("--skip-invalid imports the good rows and reports the bad ones by line; without it nothing")
    func skipInvalid() throws {
        try movies.succeed("add", "Already here")
        let file = try movies.folder.write(
            """
            Date,Name,Year,Letterboxd URI,Rating
            2024-01-01,Good,2001,https://boxd.it/a,4
            2024-01-01,Bad,2001,https://boxd.it/b,7
            2024-01-01,Also good,2002,https://boxd.it/c,3

            """, to: "ratings.csv")
        try movies.refuse(
            ["import", file], status: 65, message: "line 3: the rating 7 is not a Letterboxd rating")
        let result = try movies.run(["import", file, "--skip-invalid"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("2 added, 0 updated, 0 unchanged, 0 skipped, 1 rejected"))
        #expect(result.stderr == "  line 3: the rating 7 is not a Letterboxd rating (0.5–5 in halves)\n")
        #expect(try movies.succeed("list", "--format", "tsv").split(separator: "\n").count == 4)
    }

    @Test("--dry-run with --on-duplicate fail lists every movie already listed, and writes nothing")
    func dryRunDuplicates() throws {
        try movies.succeed("add", "Heat", "--year", "1995")
        try movies.succeed("add", "Alien", "--year", "1979")
        let file = try movies.folder.write(
            """
            Date,Name,Year,Letterboxd URI,Rating
            2024-01-01,HEAT,1995,https://boxd.it/h,5
            2024-01-01,Brazil,1985,https://boxd.it/b,4
            2024-01-01,alien,1979,https://boxd.it/a,4

            """, to: "ratings.csv")
        let before = fileSnapshot(movies.databasePath)
        let result = try movies.run(["import", file, "--dry-run", "--on-duplicate", "fail"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("would be 1 added"))
        #expect(result.stdout.contains("2 movies are already on the list (listed below)"))
        #expect(
            result.stderr
                == "  line 2: Heat (1995) is already on the list as id 1\n  line 4: Alien (1979) is already on the list as id 2\n"
        )
        #expect(fileSnapshot(movies.databasePath) == before)
        try movies.refuse(
            ["import", file, "--on-duplicate", "fail"], status: 1,
            message: "line 4: Alien (1979) is already on the list as id 2; nothing was imported")
    }

    @Test("an own CSV whose ids were used before in this list: new ids, and the report says so")
    func renumbered() throws {
        try movies.succeed("add", "One")
        try movies.succeed("add", "Two")
        try movies.succeed("rm", "2")
        let stamp = "2026-11-30T10:20:00.000Z"
        let file = try movies.folder.write(
            "id,title,year,rating,watched_on,note,created_at,updated_at\n2,Newcomer,,good,,,\(stamp),\(stamp)\n",
            to: "movies.csv")
        let result = try movies.succeed("import", file)
        #expect(result.contains("1 movie's id was used before in this list, so it has new ids"))
        #expect(try movies.succeed("show", "3").hasPrefix("3  Newcomer"))
    }
}
