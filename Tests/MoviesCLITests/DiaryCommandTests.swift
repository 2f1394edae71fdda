import Foundation
import TestSupport
import Testing

/// `movies diary`, `diary edit`, `diary rm` and `list --tag`, in process: output, paging, formats,
/// refusals with their messages, exit codes and an unchanged file.
@MainActor
@Suite("movies diary")
struct DiaryCommandTests {
    let movies = InProcessCLI()

    init() async throws {
        try await movies.succeed("add", "Heat", "--year", "1995")
        try await movies.succeed("add", "Dune", "--year", "2021")
        try await movies.succeed("log", "1", "--on", "2024-03-09", "--stars", "4", "--tag", "Cinema")
        try await movies.succeed(
            "log", "1", "--on", "2024-04-01", "--rewatch", "--review", "Again", "--tag", "cinema, with sam")
        try await movies.succeed("log", "2", "--on", "2023-12-31", "--rating", "good")
        try await movies.succeed("log", "Dune", "--on", "2024-03-20")
    }

    @Test("newest first, with the rating given then, ↻ and ✎, and the tags")
    func table() async throws {
        #expect(
            try await movies.succeed("diary") == """
                  VIEWING  DATE        TITLE  YEAR  RATING          TAGS
                        2  2024-04-01  Heat   1995             ↻ ✎  cinema, with sam
                        4  2024-03-20  Dune   2021
                        1  2024-03-09  Heat   1995  good ★★★★       cinema
                        3  2023-12-31  Dune   2021  good

                """)
    }

    @Test("by month, by year, by tag (whole tags, any case), by movie")
    func filters() async throws {
        func ids(_ arguments: String...) async throws -> [String] {
            try await movies.run(arguments + ["--format", "csv"]).stdout.split(separator: "\n").dropFirst()
                .map { String($0.prefix(while: { $0 != "," })) }
        }
        #expect(try await ids("diary", "--month", "2024-03") == ["4", "1"])
        #expect(try await ids("diary", "--year", "2023") == ["3"])
        #expect(try await ids("diary", "--tag", "CINEMA") == ["2", "1"])
        #expect(try await ids("diary", "--tag", "cine") == [])
        #expect(try await ids("diary", "--movie", "2") == ["4", "3"])
        // list --tag: the films with a viewing so tagged.
        #expect(
            try await movies.succeed("list", "--tag", "with sam", "--format", "csv").contains(
                "\n1,Heat,1995,"))
        #expect(!(try await movies.succeed("list", "--tag", "with sam", "--format", "csv").contains("Dune")))
    }

    @Test("a page with more after it names the command for the next, which continues it")
    func paging() async throws {
        let first = try await movies.run("diary", "--limit", "2")
        #expect(first.status == 0)
        #expect(first.stdout.split(separator: "\n").count == 3)
        let hint = "More viewings: continue with movies diary --limit 2 --after 2024-03-20:4"
        #expect(first.stderr.contains(hint), "\(first)")
        let second = try await movies.run("diary", "--limit", "2", "--after", "2024-03-20:4")
        #expect(second.stdout.contains("2024-03-09") && second.stdout.contains("2023-12-31"))
        #expect(second.stderr.isEmpty)
    }

    @Test("edit and rm change a viewing by its id; the film follows")
    func editAndRemove() async throws {
        #expect(
            try await movies.succeed("diary", "edit", "3", "--on", "2024-01-02", "--untag", "x").contains(
                "2024-01-02"))
        try await movies.succeed("diary", "rm", "4")
        #expect(
            try DirectSQL.run(movies.databasePath, "SELECT watched_on, watch_count FROM movies WHERE id = 2")
                == "2024-01-02|1")
    }

    @Test("edit and rm take the film's title where it has one viewing; several are named with ids and days")
    func byTitle() async throws {
        let several = try await movies.refuse(
            ["diary", "edit", "Heat", "--on", "2024-01-01"], status: 1,
            message: "Heat (1995) has 2 viewings: ")
        #expect(
            several.stderr.contains("2 (2024-04-01)") && several.stderr.contains("1 (2024-03-09)")
                && several.stderr.contains("give the viewing's id"), "\(several)")
        try await movies.refuse(
            ["diary", "rm", "4", "heat"], status: 1, message: "Heat (1995) has 2 viewings")
        try await movies.refuse(
            ["diary", "rm", "Haet"], status: 1,
            message: "No movie titled Haet is listed. Did you mean Heat (1995), id 1?")
        try await movies.succeed("add", "Alien", "--year", "1979")
        try await movies.refuse(["diary", "rm", "Alien"], status: 1, message: "Alien (1979) has no viewings")
        try await movies.succeed("log", "Alien", "--on", "2024-05-01")
        #expect(
            try await movies.succeed("diary", "edit", "alien", "--stars", "4").hasPrefix("Changed viewing 5:")
        )
        #expect(try await movies.succeed("diary", "rm", "Alien (1979)").hasPrefix("Removed viewing 5:"))
    }

    @Test("refusals: different years, an unknown viewing, a bad cursor, a bad month; the file unchanged")
    func refusals() async throws {
        try await movies.refuse(
            ["diary", "--year", "2024", "--month", "2023-01"], status: 64,
            message: "--year 2024 and --month 2023-… name different years; give one")
        try await movies.refuse(
            ["diary", "edit", "99", "--on", "2024-01-01"], status: 1,
            message: "No viewing with id 99 (movies diary lists them with their ids)")
        try await movies.refuse(["diary", "rm", "99"], status: 1, message: "No viewing with id 99")
        try await movies.refuse(
            ["diary", "--after", "bogus"], status: 64,
            message: "expected the cursor the previous page printed, such as 2024-03-09:31")
        try await movies.refuse(["diary", "--month", "2024-13"], status: 64, message: "'2024-13' is invalid")
    }

    @Test("list --in shows the films of a list, any case; an unknown list is refused, naming the lists")
    func listIn() async throws {
        try await movies.succeed("lists", "add", "Favourites", "2")
        let csv = try await movies.succeed("list", "--in", "favourites", "--format", "csv")
        #expect(csv.contains("\n2,Dune,2021,") && !csv.contains("Heat"))
        try await movies.refuse(
            ["list", "--in", "nope"], status: 1, message: "There is no list named 'nope' (lists: Favourites)")
    }

    @Test("a day an import gave without a time is shown as that day, not as a local time")
    func dateOnlyStaysADay() async throws {
        let file = movies.folder.file("watchlist.csv")
        try "Date,Name,Year,Letterboxd URI\n2019-03-05,Alien,1979,https://boxd.it/2b0Q\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        try await movies.succeed("import", file)
        let show = try await movies.run(["show", "3"], environment: ["TZ": "Europe/Paris"])
        #expect(show.stdout.contains("added       2019-03-05\n"), "\(show)")
    }

    @Test("a file that cannot be opened is reported, not shown as an empty diary")
    func unreadableFile() async throws {
        let junk = movies.folder.file("junk.sqlite")
        try String(repeating: "not a database, only text\n", count: 100).write(
            toFile: junk, atomically: true, encoding: .utf8)
        for format in ["table", "csv"] {
            try await movies.refuse(
                ["--db", junk, "diary", "--format", format], status: 1,
                message: "is not a SQLite database; it was left unchanged", databasePath: junk)
            // `lists` reads the same way: no file is no lists, a file that cannot be opened is said.
            try await movies.refuse(
                ["--db", junk, "lists", "--format", format], status: 1,
                message: "is not a SQLite database; it was left unchanged", databasePath: junk)
        }
    }

    @Test("the usage of a group that runs on its own marks the subcommand optional")
    func usage() async throws {
        #expect(try await movies.succeed("diary", "--help").contains("[--no-pager] [<subcommand>]\n"))
    }
}
