import Foundation
import TestSupport
import Testing

/// Films told apart by their ids at the command line, and the options that contradict each other.
@MainActor
@Suite("Film identity: --imdb and --letterboxd, twins, contradictions")
struct FilmIdentityCommandTests {
    let movies = InProcessCLI()

    @Test("a second film of a title and year is refused without an id, and added with one, naming the first")
    func secondFilmNeedsAnID() async throws {
        try await movies.succeed("add", "Cinderella", "--year", "1922", "--stars", "3")
        try await movies.refuse(
            ["add", "Cinderella", "--year", "1922", "--stars", "3.5"], status: 1,
            message:
                "Cinderella (1922) is already on the list as id 1; give --imdb or --letterboxd to add another "
                + "film of that title and year")
        let added = try await movies.succeed(
            "add", "Cinderella", "--year", "1922", "--stars", "3.5", "--letterboxd",
            "https://letterboxd.com/film/cinderella-1922-1/")
        #expect(added.contains("Added 2  Cinderella (1922)  good ★★★½"))
        #expect(added.contains("Cinderella (1922) is already listed as id 1."))
        // The address is one film: the same address again is that film.
        try await movies.refuse(
            ["add", "Cinderella (again)", "--letterboxd", "https://letterboxd.com/film/cinderella-1922-1/"],
            status: 1, message: "Cinderella (1922) is already on the list as id 2")
        try await movies.succeed("add", "Cinderella", "--year", "1922", "--imdb", "tt0012345")
        try await movies.refuse(
            ["add", "Other", "--imdb", "tt0012345"], status: 1,
            message: "Cinderella (1922) is already on the list as id 3")
        let rows = try DirectSQL.run(
            movies.databasePath, "SELECT id, quote(letterboxd_uri), quote(imdb_id) FROM movies ORDER BY id")
        #expect(
            rows.split(separator: "\n") == [
                "1|NULL|NULL", "2|'https://letterboxd.com/film/cinderella-1922-1/'|NULL",
                "3|NULL|'tt0012345'",
            ])
    }

    @Test("edit sets and clears the ids, and clearing one that told two films apart is refused")
    func editIDs() async throws {
        try await movies.succeed("add", "Rain", "--year", "2019")
        try await movies.succeed("add", "rain", "--year", "2019", "--imdb", "tt9000001")
        try await movies.refuse(
            ["edit", "2", "--imdb", ""], status: 1, message: "Rain (2019) is already on the list as id 1")
        try await movies.refuse(
            ["edit", "1", "--imdb", "tt9000001"], status: 1,
            message: "rain (2019) is already on the list as id 2")
        try await movies.refuse(
            ["edit", "1", "--imdb", "nm0000001"], status: 64, message: "nm0000001")
        #expect(try await movies.succeed("edit", "1", "--imdb", "tt9000002").contains("Updated 1"))
        #expect(
            try DirectSQL.run(movies.databasePath, "SELECT imdb_id FROM movies WHERE id = 1") == "tt9000002")
    }

    @Test("--rating not-seen beside a watched day or stars is refused, in add and in edit")
    func contradictoryWatchState() async throws {
        try await movies.succeed("add", "Dune", "--rating", "good")
        let rule = "--rating not-seen puts the movie on the watchlist, but"
        try await movies.refuse(
            ["add", "Heat", "--watched", "2024-01-01", "--rating", "not-seen"], status: 64,
            message: rule + " --watched gives a day it was seen: give one or the other")
        try await movies.refuse(
            ["add", "Heat", "--stars", "3", "--rating", "watchlist"], status: 64,
            message: rule + " --stars rates it: give one or the other")
        try await movies.refuse(
            ["edit", "1", "--watched", "2024-01-01", "--rating", "not-seen"], status: 64,
            message: rule + " --watched gives a day it was seen")
        // Clearing the day while going back to the watchlist says one thing.
        #expect(
            try await movies.succeed("edit", "1", "--watched", "", "--rating", "not-seen").contains(
                "not-seen"))
    }

    @Test("runs of spaces inside a title are one space, so a slip does not make a second film")
    func innerSpaces() async throws {
        try await movies.succeed("add", "Blade Runner", "--year", "1982")
        try await movies.refuse(
            ["add", "Blade  Runner", "--year", "1982"], status: 1,
            message: "Blade Runner (1982) is already on the list as id 1")
        #expect(try await movies.succeed("add", "Blade \u{00A0} Runner").contains("Added 2  Blade Runner  "))
        #expect(
            try DirectSQL.run(movies.databasePath, "SELECT title FROM movies WHERE id = 2") == "Blade Runner")
    }

    @Test("edit --title names a near-twin as add does")
    func editNamesTwins() async throws {
        try await movies.succeed("add", "Solaris", "--year", "1972")
        try await movies.succeed("add", "Solaris (remake)", "--year", "1972", "--imdb", "tt0307479")
        let output = try await movies.succeed("edit", "2", "--title", "Solaris")
        #expect(output.contains("Updated 2  Solaris (1972)"))
        #expect(output.contains("Solaris (1972) is already listed as id 1."))
    }

    @Test("a viewing before the film's year is noted on standard error, and kept")
    func viewingBeforeRelease() async throws {
        let added = try await movies.run("add", "Future Film", "--year", "2030", "--watched", "2020-01-01")
        #expect(added.status == 0)
        #expect(
            added.stderr
                == "Note: 2020-01-01 is before Future Film's year (2030).\n"
                + "Created a new list at \(movies.databasePath)\n")
        let logged = try await movies.run("log", "1", "--on", "2021-02-03")
        #expect(logged.status == 0)
        #expect(logged.stderr == "Note: 2021-02-03 is before Future Film's year (2030).\n")
        let fine = try await movies.run("add", "Heat", "--year", "1995", "--watched", "2020-01-01")
        #expect(fine.stderr.isEmpty)
    }
}
