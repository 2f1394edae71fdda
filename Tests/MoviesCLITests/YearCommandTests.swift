import Foundation
import TestSupport
import Testing

/// `movies year` and `stats --format html|svg`: every figure the page and the card show is the one
/// `stats --year YEAR --format json` prints, outside text is escaped, an empty year says so, and the
/// refusals change nothing. (The browser's view of the page: YearPageBrowserTests.)
@Suite("movies year")
@MainActor
struct YearCommandTests {
    let cli = InProcessCLI()

    @Test("every figure of the page and the card, and every chart's, is the JSON's")
    func oneSourceOfFigures() async throws {
        try await YearPageFixture.seed(cli)
        let json = try await YearPageFixture.json(cli, ["--year", "2025"])
        #expect(json["first_watches"] as? Int == 2 && json["rewatches"] as? Int == 2, "\(json)")
        #expect(json["reviews"] as? Int == 1 && json["lists_made"] as? Int == 1, "\(json)")
        #expect(YearPageFixture.value(json, "busiest_day.day") as? String == "2025-02-02", "\(json)")
        #expect(YearPageFixture.value(json, "year_before.viewings") as? Int == 2, "\(json)")
        let best = try #require(json["best"] as? [[String: Any]])
        // Alien's rating given in 2025 is its latest that year (4), not its best (5).
        #expect(best.map { $0["title"] as? String } == ["Heat", "Alien", "Ran"], "\(best)")
        #expect(best.map { $0["address"] as? String }.first == "https://letterboxd.com/film/heat-1995/")

        let page = try await cli.succeed("year", "2025")
        let card = try await cli.succeed("year", "2025", "--format", "svg")
        let marked = YearPageFixture.matches("data-figure=\"([a-z_.]+)\" value=\"([^\"]*)\"", in: page)
        let before = YearPageFixture.matches("data-before=\"([a-z_.]+)\" value=\"([^\"]*)\"", in: page)
        let onCard = YearPageFixture.matches("data-figure=\"([a-z_.]+)\" data-value=\"([^\"]*)\"", in: card)
        #expect(marked.count >= 10 && before.count >= 8 && onCard.count == 4, "\(marked) \(before) \(onCard)")
        for figure in marked + onCard {
            #expect(YearPageFixture.same(figure[1], YearPageFixture.value(json, figure[0])), "\(figure)")
        }
        for figure in before {
            let value = YearPageFixture.value(
                json, "year_before." + figure[0].replacingOccurrences(of: ".", with: "_"))
            #expect(YearPageFixture.same(figure[1], value), "\(figure)")
        }
        let periods = try #require(json["periods"] as? [[String: Any]]).compactMap { $0["viewings"] as? Int }
        #expect(YearPageFixture.chartFigures("months", in: page) == periods)
        #expect(YearPageFixture.chartFigures("weekdays", in: page) == json["weekdays"] as? [Int])
        let halfStars = try #require(json["half_stars"] as? [[String: Any]]).compactMap {
            $0["viewings"] as? Int
        }
        #expect(YearPageFixture.chartFigures("stars", in: page) == halfStars)
        let directors = try #require(json["directors"] as? [[String: Any]]).compactMap {
            $0["viewings"] as? Int
        }
        #expect(YearPageFixture.chartFigures("directors", in: page) == directors && !directors.isEmpty)
        let decades = try #require(json["decades"] as? [[String: Any]]).compactMap { $0["films"] as? Int }
        #expect(YearPageFixture.chartFigures("decades", in: page) == decades)
        let days = try #require(json["days"] as? [[String: Any]]).map {
            "\($0["day"] as? String ?? ""): \($0["viewings"] as? Int ?? 0)"
        }
        let drawn = YearPageFixture.matches(
            "<title>(2025-[0-9]{2}-[0-9]{2}: [1-9][0-9]*) viewings?</title>", in: page)
        #expect(drawn.map { $0[0] } == days)
        #expect(
            YearPageFixture.matches("<title>(2025-[0-9]{2}-[0-9]{2}): [0-9]+ viewings?</title>", in: page)
                .count == 365)
        #expect(YearPageFixture.chartFigures("v", in: card).isEmpty)
        #expect(
            YearPageFixture.matches("class=\"v\">([0-9]+)</text>", in: card).compactMap { Int($0[0]) }
                == periods)
        #expect(page.contains("<a href=\"https://letterboxd.com/film/heat-1995/\"><bdi>Heat</bdi></a>"))
        #expect(page.contains("<a href=\"https://www.imdb.com/title/tt0078748/\"><bdi>Alien</bdi></a>"))
        #expect(!page.lowercased().contains("<script") && !page.contains("http://") && !page.contains("src="))
    }

    @Test("stats --format html and svg draw the figures stats --format json prints, with its filters")
    func statsPageAndCard() async throws {
        try await YearPageFixture.seed(cli)
        for arguments in [[], ["--year", "2024"], ["--by", "year"]] {
            let json = try await YearPageFixture.json(cli, arguments)
            let page = try await cli.succeed(["stats"] + arguments + ["--format", "html"])
            let card = try await cli.succeed(["stats"] + arguments + ["--format", "svg"])
            let marked =
                YearPageFixture.matches("data-figure=\"([a-z_.]+)\" value=\"([^\"]*)\"", in: page)
                + YearPageFixture.matches("data-figure=\"([a-z_.]+)\" data-value=\"([^\"]*)\"", in: card)
            #expect(marked.count >= 9, "\(arguments): \(marked)")
            for figure in marked {
                #expect(
                    YearPageFixture.same(figure[1], YearPageFixture.value(json, figure[0])),
                    "\(arguments) \(figure)")
            }
            let periods = try #require(json["periods"] as? [[String: Any]]).compactMap {
                $0["viewings"] as? Int
            }
            if periods.contains(where: { $0 > 0 }) {
                #expect(YearPageFixture.chartFigures("periods", in: page) == periods, "\(arguments)")
            } else {
                #expect(page.contains("No viewing in these months: nothing to draw."), "\(arguments)")
                #expect(!page.contains("data-chart=\"periods\""), "\(arguments)")
            }
        }
        let output = cli.folder.file("stats.html")
        try await cli.succeed("stats", "--format", "html", "-o", output)
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }

    @Test("outside text is escaped once: markup, a right-to-left override and 500 characters in a title")
    func hostileTitle() async throws {
        try await YearPageFixture.seed(cli, hostile: true)
        let page = try await cli.succeed("year", "2025")
        let escaped = YearPageFixture.hostileTitle.replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        #expect(page.contains("<bdi>\(escaped)</bdi>"), "\(page)")
        #expect(!page.contains("<script>") && !page.contains("&amp;lt;"))
        #expect(!page.contains("<b>bold</b>"))
        let json = try await YearPageFixture.json(cli, ["--year", "2025"])
        let best = try #require(json["best"] as? [[String: Any]])
        #expect(best.first?["title"] as? String == YearPageFixture.hostileTitle)
    }

    @Test("a year without a viewing says so, and draws no chart")
    func emptyYear() async throws {
        try await YearPageFixture.seed(cli)
        let page = try await cli.succeed("year", "1999")
        #expect(page.contains("No films were watched in 1999: there is nothing to draw."), "\(page)")
        #expect(!page.contains("<svg") && !page.contains("data-chart"))
        let card = try await cli.succeed("year", "1999", "--format", "svg")
        #expect(
            card.contains("No films watched in 1999") && !card.contains("class=\"v\"")
                && !card.contains("per month"), "\(card)")
        let empty = InProcessCLI()
        try await empty.succeed("migrate")  // a reading command makes no list: an empty one is made first
        let nothing = try await empty.succeed("stats", "--format", "html")
        #expect(nothing.contains("No film seen yet") && !nothing.contains("<svg"))
    }

    @Test("without a year, the current one")
    func currentYear() async throws {
        try await cli.succeed("migrate")
        let page = try await cli.succeed("year")
        let year = Calendar.current.component(.year, from: Date())
        #expect(page.contains("<h1>\(year) in film</h1>"), "\(page)")
    }

    @Test("refused: a year out of range, png without a file, the database as output; the file unchanged")
    func refusals() async throws {
        try await YearPageFixture.seed(cli)
        try await cli.refuse(
            ["year", "1492"], status: 64,
            message: "The value '1492' is invalid for '<year>': expected a year from 1870 such as 2025")
        try await cli.refuse(
            ["year", "2025", "--format", "png"], status: 64,
            message: "--format png writes a picture: name its file with -o FILE")
        try await cli.refuse(["year", "2025", "-o", cli.databasePath], status: 1, message: "database")
        try await cli.refuse(
            ["stats", "--format", "html", "-o", cli.databasePath], status: 1, message: "database")
    }
}
