import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// Stars as the locale can show them (issue 45 point 9): `★★★★½` where the character set is UTF-8,
/// `****1/2` elsewhere (`LANG=C`), as the bars of `movies stats` are `#` there; the machine formats keep
/// their values whatever the locale.
@MainActor
@Suite("stars in ASCII where the locale is not UTF-8")
struct StarGlyphsTests {
    let cli = InProcessCLI()
    static let ascii = ["LANG": "C", "LC_ALL": "", "LC_CTYPE": ""]
    static let unicode = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_CTYPE": ""]

    /// Heat with 4½ stars and a viewing at 3½, Alien with ½, Dune with a word only; returns what `add`
    /// and `log` printed under `locale`.
    private func addFilms(_ locale: [String: String]) async throws -> String {
        var printed = ""
        for arguments in [
            ["add", "Heat", "--year", "1995", "--rating", "4.5"], ["add", "Alien", "--rating", "0.5"],
            ["add", "Dune", "--rating", "good"], ["log", "Heat", "--on", "2025-01-02", "--rating", "3.5"],
        ] {
            let result = try await cli.run(arguments, environment: locale)
            #expect(result.status == 0, "\(result)")
            printed += result.stdout
        }
        return printed
    }

    @Test("LANG=C: add, log, list, a page of the list, show and diary draw * and 1/2, aligned")
    func asciiStars() async throws {
        let printed = try await addFilms(Self.ascii)
        #expect(printed.contains("Added 1  Heat (1995)  excellent ****1/2\n"), "\(printed)")
        #expect(printed.contains("Added 2  Alien  terrible 1/2\n"), "\(printed)")
        #expect(printed.contains("Dated viewing 1: 2025-01-02  Heat (1995)  good ***1/2"), "\(printed)")
        let list = try await cli.run(["list"], environment: Self.ascii)
        #expect(
            list.stdout == """
                  #  TITLE  YEAR  RATING    STARS   WATCHED
                  1  Heat   1995  good      ***1/2  2025-01-02
                  2  Alien        terrible  1/2
                  3  Dune         good

                """, "\(list)")
        // A page measures the column before reading its rows: as wide as the widest ASCII stars.
        let page = try await cli.run(["list", "--limit", "2"], environment: Self.ascii)
        #expect(page.stdout.hasPrefix("  #  TITLE  YEAR  RATING     STARS    WATCHED\n"), "\(page)")
        #expect(page.stdout.contains("  2  Alien        terrible   1/2\n"), "\(page)")
        let show = try await cli.run(["show", "Heat"], environment: Self.ascii)
        #expect(show.stdout.contains("  rating      good  ***1/2 (3.5 stars)\n"), "\(show)")
        #expect(show.stdout.contains("    viewing 1  2025-01-02  good ***1/2\n"), "\(show)")
        let diary = try await cli.run(["diary"], environment: Self.ascii)
        #expect(diary.stdout.contains("Heat   1995  good ***1/2"), "\(diary)")
        for output in [printed, list.stdout, page.stdout, show.stdout, diary.stdout] {
            #expect(!output.contains("★") && !output.contains("½"), "\(output)")
        }
    }

    @Test("LANG=C.UTF-8 draws ★ and ½ where LANG=C draws * and 1/2")
    func unicodeStars() async throws {
        let printed = try await addFilms(Self.unicode)
        #expect(printed.contains("Added 1  Heat (1995)  excellent ★★★★½\n"), "\(printed)")
        #expect(printed.contains("Added 2  Alien  terrible ½\n"), "\(printed)")
        let utf8List = """
              #  TITLE  YEAR  RATING    STARS  WATCHED
              1  Heat   1995  good      ★★★½   2025-01-02
              2  Alien        terrible  ½
              3  Dune         good

            """
        let asciiList = """
              #  TITLE  YEAR  RATING    STARS   WATCHED
              1  Heat   1995  good      ***1/2  2025-01-02
              2  Alien        terrible  1/2
              3  Dune         good

            """
        for (locale, list, heat) in [(Self.unicode, utf8List, "★★★½"), (Self.ascii, asciiList, "***1/2")] {
            let listed = try await cli.run(["list"], environment: locale)
            #expect(listed.stdout == list, "\(listed)")
            let show = try await cli.run(["show", "Heat"], environment: locale)
            #expect(show.stdout.contains("  rating      good  \(heat) (3.5 stars)\n"), "\(show)")
        }
    }

    @Test("the locale changes the text for people only: json, csv and tsv are the same under LANG=C")
    func machineFormatsUnchanged() async throws {
        _ = try await addFilms(Self.unicode)
        let table = try await cli.run(["diary"], environment: Self.unicode)
        #expect(try await cli.run(["diary"], environment: Self.ascii).stdout != table.stdout, "\(table)")
        for format in ["json", "csv", "tsv"] {
            for command in [["list"], ["diary"], ["show", "Heat"]] {
                let arguments = command + ["--format", format]
                let unicode = try await cli.run(arguments, environment: Self.unicode)
                let ascii = try await cli.run(arguments, environment: Self.ascii)
                #expect(unicode.status == 0 && ascii.status == 0, "\(arguments): \(ascii)")
                #expect(ascii.stdout == unicode.stdout, "\(arguments)")
            }
        }
    }
}

/// The shell at a real terminal under `LANG=C`: what it prints after a command, and its change feed.
@Suite("stars in ASCII in movies shell", .offPool)
struct StarGlyphsShellTests {
    let movies = MoviesProcess()

    @Test("LANG=C: the shell's answers and change feed draw * and 1/2")
    func shellAtTerminal() throws {
        var environment = movies.environment
        environment["TERM"] = "xterm"
        environment["LANG"] = "C"
        let shell = try PseudoTerminalProcess(MoviesProcess.binary, ["shell"], environment: environment)
        #expect(shell.waitFor("movies> "))
        shell.type("add Heat --rating 3.5\n")
        #expect(shell.waitFor("Added 1  Heat  good ***1/2"), "\(shell.output)")
        #expect(shell.waitFor("+ 1 Heat good ***1/2"), "\(shell.output)")
        // A change made elsewhere, printed above the prompt.
        #expect(try movies.run(["rate", "1", "4.5"]).status == 0)
        #expect(shell.waitFor("~ 1 Heat good ***1/2 -> excellent ****1/2"), "\(shell.output)")
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
        #expect(!shell.output.contains("★") && !shell.output.contains("½"), "\(shell.output)")
    }
}
