import Basics
import Foundation
import MoviesCore
import TestSupport
import Testing

/// Seen apart from rated on the command line: watched, unwatch, --stars, list --seen/--watchlist, show,
/// and rm's dry run and question.
@Suite("Watch state, stars and removal on the command line", .offPool)
struct WatchStateCommandTests {
    let movies = MoviesProcess()

    @Test("add --watched is seen, not rated; watched logs viewings; unwatch goes back to the watchlist")
    func watchedAndUnwatch() throws {
        #expect(
            try movies.succeed("add", "Past Lives", "--watched", "2024-03-09")
                == "Added 1  Past Lives  seen\n")
        #expect(try movies.succeed("add", "Dune") == "Added 2  Dune  not-seen\n")
        #expect(
            try movies.succeed("log", "2", "--on", "2024-05-01")
                == "Logged viewing 2: 2024-05-01  Dune  (watched once)\n")
        // `watched`, its former name, and the film by its title.
        #expect(
            try movies.succeed("watched", "dune", "--on", "2023-01-01")
                == "Logged viewing 3: 2023-01-01  Dune  (watched 2 times)\n")
        #expect(
            try movies.succeed("log", "#2")
                == "Logged viewing 4: \(CalendarDate.today())  Dune  (watched 3 times)\n")
        #expect(try movies.succeed("show", "2").contains("  watched     \(CalendarDate.today()), 3 times\n"))
        #expect(
            try movies.succeed("unwatch", "1")
                == "Back on the watchlist: 1  Past Lives  not-seen  (was seen, watched 2024-03-09)\n")
        #expect(
            try movies.succeed("unwatch", "1")
                == "Unchanged 1  Past Lives  not-seen  (already on the watchlist)\n")
        #expect(try movies.succeed("list", "--seen", "--format", "tsv").contains("Dune\t\tseen\t"))
        #expect(!(try movies.succeed("list", "--watchlist")).contains("Dune"))
        #expect(
            try movies.succeed("list", "--rating", "seen", "--format", "csv").split(separator: "\n").count
                == 2)
    }

    @Test("--stars on add, edit and rate; the word follows; stars in the table and in show")
    func stars() throws {
        #expect(
            try movies.succeed("add", "Heat", "--year", "1995", "--stars", "4.5")
                == "Added 1  Heat (1995)  excellent ★★★★½\n")
        #expect(try movies.succeed("add", "Alien", "--rating", "good") == "Added 2  Alien  good\n")
        #expect(
            try movies.succeed("rate", "2", "--stars", "3½") == "Rated 2  Alien  good ★★★½  (was good)\n")
        #expect(
            try movies.succeed("rate", "1", "good") == "Rated 1  Heat (1995)  good  (was excellent ★★★★½)\n")
        #expect(try movies.succeed("edit", "1", "--stars", "4") == "Updated 1  Heat (1995)  good ★★★★\n")
        #expect(try movies.succeed("rate", "1", "seen") == "Rated 1  Heat (1995)  seen  (was good ★★★★)\n")
        #expect(
            try movies.succeed("list") == """
                  #  TITLE  YEAR  RATING  STARS
                  1  Heat   1995  seen
                  2  Alien        good    ★★★½

                """)
        let shown = try movies.succeed("show", "2")
        #expect(
            shown.contains("  rating      good  ★★★½ (3.5 stars)\n  rated on    \(CalendarDate.today())\n"),
            "\(shown)")
        // --sort rating orders by stars within a word.
        try movies.succeed("add", "Aliens", "--stars", "4")
        #expect(
            try movies.succeed("list", "--sort", "rating", "--format", "tsv").split(separator: "\n")
                .dropFirst()
                .map { $0.split(separator: "\t")[1] } == ["Aliens", "Alien", "Heat"])
    }

    @Test(
        "refusals: stars that do not fit the word, a watched day in the future, seen and watchlist together")
    func refusals() throws {
        try movies.succeed("add", "Heat")
        // The store's one check of a word against stars, wherever they come from.
        for arguments in [
            ["add", "Alien", "--rating", "good", "--stars", "5"], ["rate", "1", "good", "--stars", "5"],
            ["edit", "1", "--rating", "good", "--stars", "5"],
        ] {
            try movies.refuse(
                arguments, status: 64,
                message: "The rating good does not fit 5 stars (5 stars is excellent); give one of them")
        }
        try movies.refuse(
            ["rate", "1", "--stars", "6"], status: 64,
            message: "The value '6' is invalid for '--stars <stars>'")
        try movies.refuse(["rate", "1"], status: 64, message: "Give the rating, as a word")
        try movies.refuse(
            ["watched", "1", "--on", "2999-01-01"], status: 64,
            message: "The watched date 2999-01-01 is in the future")
        try movies.refuse(
            ["add", "Alien", "--watched", "1869-12-31"], status: 64,
            message: "is before 1870-01-01, before any film")
        try movies.refuse(
            ["list", "--seen", "--watchlist"], status: 64,
            message: "--seen and --watchlist exclude each other")
        try movies.refuse(["watched", "9"], status: 1, message: "No movie with id 9")
        try movies.refuse(["unwatch", "9"], status: 1, message: "No movie with id 9")
    }

    @Test("show prints every field the file holds")
    func showEverything() throws {
        let file = try movies.folder.write(
            """
            Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date
            2024-03-10,Heat,1995,https://boxd.it/2aMM,4.5,Yes,"Cop, criminal.",,2024-03-09

            """, to: "reviews.csv")
        try movies.succeed("import", file)
        try DirectSQL.run(movies.databasePath, "UPDATE movies SET imdb_id = 'tt0113277', watch_count = 3")
        let shown = try movies.succeed("show", "1")
        for line in [
            "1  Heat (1995)", "  rating      excellent  ★★★★½ (4.5 stars)", "  rated on    2024-03-09",
            "  watched     2024-03-09, 3 times", "Cop, criminal.",
            "  IMDb        tt0113277  https://www.imdb.com/title/tt0113277/",
            "  added       ", "  updated     ",
        ] {
            #expect(shown.contains(line), "\(line) in \(shown)")
        }
        // A review is its viewing's (public), never the film's private note.
        #expect(!shown.contains("note       Cop"), "\(shown)")
        // reviews.csv's address is the diary entry's, not the film's.
        #expect(!shown.contains("Letterboxd https://boxd.it/2aMM"), "\(shown)")
    }

    @Test("add names a movie of the same title already listed without a year, or with other accents")
    func similarTitles() throws {
        try movies.succeed("add", "Heat", "--year", "1995")
        #expect(
            try movies.succeed("add", "Heat")
                == "Added 2  Heat  not-seen\nHeat (1995) is already listed as id 1; give --year to tell them apart.\n"
        )
        try movies.succeed("add", "Amélie", "--year", "2001")
        #expect(
            try movies.succeed("add", "Amelie", "--year", "2001").contains(
                "Amélie (2001) is already listed as id 3."))
        try movies.refuse(
            ["add", "AME\u{301}LIE", "--year", "2001"], status: 1,
            message: "Amélie (2001) is already on the list as id 3")
        // Another year is another film: only the one without a year is named.
        let remake = try movies.succeed("add", "Heat", "--year", "1986")
        #expect(
            remake.contains("Heat is already listed as id 2") && !remake.contains("Heat (1995)"), "\(remake)")
    }

    @Test("rm --dry-run removes nothing; several ids at a pipe go without a question")
    func removeDryRun() throws {
        for title in ["A", "B", "C"] { try movies.succeed("add", title) }
        let before = fileSnapshot(movies.databasePath)
        #expect(
            try movies.succeed("rm", "1", "2", "--dry-run")
                == "Would remove 1  A  not-seen\nWould remove 2  B  not-seen\nDry run: nothing was removed.\n"
        )
        #expect(fileSnapshot(movies.databasePath) == before)
        try movies.refuse(["rm", "1", "9", "--dry-run"], status: 1, message: "No movie with id 9")
        #expect(try movies.succeed("rm", "1", "2") == "Removed 1  A  not-seen\nRemoved 2  B  not-seen\n")
    }

    @Test("rm of several movies at a terminal asks first; no keeps them, yes removes them, -y does not ask")
    func removeAsksAtTerminal() throws {
        for title in ["A", "B", "C", "D", "E"] { try movies.succeed("add", title) }
        var environment = movies.environment
        environment["NO_COLOR"] = "1"
        let declined = try PseudoTerminalProcess(
            MoviesProcess.binary, ["rm", "1", "2"], environment: environment)
        #expect(declined.waitFor("Remove these 2 movies? [y/N] "))
        declined.type("n\n")
        #expect(declined.waitForExit() == 0)
        #expect(declined.output.contains("Nothing was removed."))
        #expect(!declined.output.contains("Error"))
        #expect(try movies.succeed("list", "--format", "tsv").split(separator: "\n").count == 6)

        let accepted = try PseudoTerminalProcess(
            MoviesProcess.binary, ["rm", "1", "2"], environment: environment)
        #expect(accepted.waitFor("Remove these 2 movies? [y/N] "))
        accepted.type("yes\n")
        #expect(accepted.waitForExit() == 0)
        #expect(accepted.output.contains("Removed 2  B  not-seen"))

        let unasked = try PseudoTerminalProcess(
            MoviesProcess.binary, ["rm", "3", "4", "-y"], environment: environment)
        #expect(unasked.waitForExit() == 0)
        #expect(!unasked.output.contains("Remove these") && unasked.output.contains("Removed 4"))
        // One movie is removed without a question.
        let single = try PseudoTerminalProcess(MoviesProcess.binary, ["rm", "5"], environment: environment)
        #expect(single.waitForExit() == 0 && !single.output.contains("[y/N]"))
        #expect(try movies.succeed("list", "--format", "tsv").split(separator: "\n").count == 1)
    }
}
