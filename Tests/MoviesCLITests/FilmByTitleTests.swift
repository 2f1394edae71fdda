import Foundation
import TestSupport
import Testing

/// A film named by its title wherever its id goes, through the one resolver `log` uses (issue 45,
/// point 1): one match acts, several are listed with their ids and years, none gets "did you mean".
@MainActor
@Suite("Films by title wherever an id goes")
struct FilmByTitleTests {
    let movies = InProcessCLI()

    init() async throws {
        try await movies.succeed("add", "Heat", "--year", "1995", "--rating", "excellent")
        try await movies.succeed("add", "Alien", "--year", "1979")
        try await movies.succeed("add", "Dune", "--year", "1984")
        try await movies.succeed("add", "Dune", "--year", "2021")
    }

    @Test("show, rate, edit, unwatch and rm take a title, and Title (Year)")
    func oneMatchActs() async throws {
        #expect(try await movies.succeed("show", "heat").contains("Heat (1995)"))
        #expect(try await movies.succeed("rate", "Alien", "good").hasPrefix("Rated 2  Alien (1979)  good"))
        #expect(
            try await movies.succeed("edit", "Dune (2021)", "--note", "imax").hasPrefix(
                "Updated 4  Dune (2021)"))
        #expect(try await movies.succeed("unwatch", "Alien").hasPrefix("Back on the watchlist: 2  Alien"))
        #expect(try await movies.succeed("rm", "Dune (1984)", "Alien").contains("Removed 3  Dune (1984)"))
        #expect(try DirectSQL.run(movies.databasePath, "SELECT group_concat(id) FROM movies") == "1,4")
    }

    @Test("a title two films have is refused, each listed with its id and year, nothing changed")
    func severalAreListed() async throws {
        for arguments in [
            ["show", "Dune"], ["rate", "Dune", "good"], ["edit", "Dune", "--note", "x"], ["unwatch", "Dune"],
            ["rm", "Heat", "Dune"], ["log", "Dune"],
        ] {
            let refused = try await movies.refuse(
                arguments, status: 1, message: "2 movies are titled Dune: Dune (1984) is 3, Dune (2021) is 4")
            #expect(refused.stderr.contains("give the id"), "\(refused)")
        }
    }

    @Test("a title none has gets did you mean, with the nearest titles and their ids; nothing changed")
    func noneGetsDidYouMean() async throws {
        try await movies.refuse(
            ["show", "Haet"], status: 1,
            message: "Error: No movie titled Haet is listed. Did you mean Heat (1995), id 1?")
        try await movies.refuse(
            ["rate", "Dnue", "good"], status: 1,
            message: "No movie titled Dnue is listed. Did you mean Dune (1984), id 3; Dune (2021), id 4?")
        try await movies.refuse(
            ["rm", "Heat", "Aliens"], status: 1,
            message: "No movie titled Aliens is listed. Did you mean Alien (1979), id 2?")
        try await movies.refuse(
            ["edit", "Zardoz", "--note", "x"], status: 1,
            message: "No movie titled Zardoz is listed (movies search finds titles by their words)")
    }
}
