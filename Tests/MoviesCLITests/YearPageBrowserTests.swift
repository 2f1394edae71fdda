import Foundation
import TestSupport
import Testing

/// The year's page in a real browser (headless Chromium, measured over the DevTools protocol so the page
/// itself stays script-free), at a phone's width and a desktop's, light and dark; the card checked as
/// XML and drawn by rsvg-convert.
@Suite("movies year in a browser", .offPool)
struct YearPageBrowserTests {
    /// What the browser measures of a page: its width and what overflows it, each chart's box and
    /// figures, the calendar's days, which texts a search finds, and its scripts.
    static let measure = """
        (() => {
          const width = innerWidth;
          const over = [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > width + 0.5)
            .map(e => e.tagName + ' ' + (e.textContent || '').slice(0, 40));
          const charts = {};
          for (const chart of document.querySelectorAll('[data-chart]')) {
            const box = chart.getBoundingClientRect();
            charts[chart.dataset.chart] = {
              drawn: box.width > 0 && box.height > 0,
              figures: [...chart.querySelectorAll('.v')].filter(v => v.getBoundingClientRect().width > 0).length,
              days: chart.querySelectorAll('rect.d').length };
          }
          const found = {};
          for (const text of ['2025 in film', 'Heat', 'Alien', 'Michael Mann', 'evilWWW', 'nothing to draw']) {
            getSelection().removeAllRanges();
            found[text] = window.find(text) && getSelection().toString() === text;
          }
          const bdi = document.querySelector('bdi:not(:empty)');
          return { width, scrollWidth: document.documentElement.scrollWidth, over, charts, found,
                   scripts: document.scripts.length, background: getComputedStyle(document.body).backgroundColor };
        })()
        """

    /// How many of the screenshot's pixels differ from its first one, and how many colours it has
    /// (sampled), drawn through a canvas in the browser.
    static func inkExpression(_ png: String) -> String {
        """
        new Promise(resolve => {
          const image = new Image();
          image.onload = () => {
            const canvas = document.createElement('canvas');
            canvas.width = image.width; canvas.height = image.height;
            const context = canvas.getContext('2d');
            context.drawImage(image, 0, 0);
            const pixels = context.getImageData(0, 0, image.width, image.height).data;
            const colours = new Set();
            let ink = 0;
            for (let i = 0; i < pixels.length; i += 4) {
              if (pixels[i] !== pixels[0] || pixels[i + 1] !== pixels[1] || pixels[i + 2] !== pixels[2]) ink++;
              if (i % 64 === 0) colours.add(pixels[i] * 65536 + pixels[i + 1] * 256 + pixels[i + 2]);
            }
            resolve({ width: image.width, ink: ink / (pixels.length / 4), colours: colours.size });
          };
          image.src = 'data:image/png;base64,\(png)';
        })
        """
    }

    /// Writes `year YEAR` of the fixture (with the hostile title) to a file.
    @MainActor
    static func page(_ year: String, hostile: Bool = true) async throws -> (InProcessCLI, URL) {
        let cli = InProcessCLI()
        try await YearPageFixture.seed(cli, hostile: hostile)
        let path = cli.folder.file("year-\(year).html")
        try await cli.succeed("year", year, "-o", path)
        return (cli, URL(fileURLWithPath: path))
    }

    @Test(
        "at 360 and 1440 pixels, light and dark: drawn, charts with figures, no overflow, real text",
        .requires(Tool.chromium))
    func drawnAtBothWidths() async throws {
        let (cli, url) = try await Self.page("2025")
        let browser = try HeadlessBrowser()
        for width in [360, 1440] {
            for dark in [false, true] {
                let name = "\(width) \(dark ? "dark" : "light")"
                try browser.open(url, width: width, dark: dark)
                let measured = try #require(try browser.evaluate(Self.measure) as? [String: Any], "\(name)")
                #expect(measured["width"] as? Int == width, "\(name): \(measured)")
                #expect(measured["scrollWidth"] as? Int ?? .max <= width, "\(name): \(measured)")
                #expect((measured["over"] as? [String])?.isEmpty == true, "\(name): \(measured)")
                #expect(measured["scripts"] as? Int == 0)
                let charts = try #require(measured["charts"] as? [String: [String: Any]], "\(name)")
                for chart in ["months", "weekdays", "stars", "directors", "genres", "decades"] {
                    #expect(charts[chart]?["drawn"] as? Bool == true, "\(name) \(chart): \(charts)")
                    #expect(charts[chart]?["figures"] as? Int ?? 0 > 0, "\(name) \(chart): \(charts)")
                }
                #expect(
                    charts["months"]?["figures"] as? Int == 12 && charts["weekdays"]?["figures"] as? Int == 7)
                #expect(charts["calendar"]?["days"] as? Int == 365, "\(name): \(charts)")
                #expect(charts["best"]?["drawn"] as? Bool == true, "\(name): \(charts)")
                let found = try #require(measured["found"] as? [String: Bool])
                for text in ["2025 in film", "Heat", "Alien", "Michael Mann", "evilWWW"] {
                    #expect(found[text] == true, "\(name): '\(text)' not found as text: \(found)")
                }
                let background = measured["background"] as? String
                #expect(
                    dark ? background == "rgb(21, 23, 27)" : background == "rgb(247, 246, 242)", "\(name)")
                let png = try browser.screenshot()
                if let folder = ProcessInfo.processInfo.environment["MOVIES_SCREENSHOTS"] {
                    try Data(base64Encoded: png)?.write(
                        to: URL(fileURLWithPath: folder).appendingPathComponent(
                            "year-\(width)-\(dark ? "dark" : "light").png"))
                }
                let ink = try #require(try browser.evaluate(Self.inkExpression(png)) as? [String: Any])
                #expect(ink["width"] as? Int == width, "\(name): \(ink)")
                #expect(
                    ink["ink"] as? Double ?? 0 > 0.05 && ink["colours"] as? Int ?? 0 > 8, "\(name): \(ink)")
            }
        }
        _ = cli
    }

    @Test("an empty year says so instead of drawing empty charts", .requires(Tool.chromium))
    func emptyYear() async throws {
        let (cli, url) = try await Self.page("1999", hostile: false)
        let browser = try HeadlessBrowser()
        try browser.open(url, width: 360)
        let measured = try #require(try browser.evaluate(Self.measure) as? [String: Any])
        #expect((measured["charts"] as? [String: Any])?.isEmpty == true, "\(measured)")
        #expect((measured["found"] as? [String: Bool])?["nothing to draw"] == true, "\(measured)")
        _ = cli
    }

    @Test(
        "the card is valid XML, and rsvg-convert draws it 1080 × 1350 (--format png)",
        .requires(Tool.python3, Tool.rsvgConvert))
    func card() async throws {
        let cli = InProcessCLI()
        try await YearPageFixture.seed(cli, hostile: true)
        let svg = cli.folder.file("card.svg")
        let png = cli.folder.file("card.png")
        try await cli.succeed("year", "2025", "--format", "svg", "-o", svg)
        let parsed = try ProcessRunner.run(
            "/usr/bin/env",
            ["python3", "-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])", svg])
        #expect(parsed.status == 0, "\(parsed)")
        try await cli.succeed("year", "2025", "--format", "png", "-o", png)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
        #expect(bytes.count > 1000 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        func number(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(bytes.count > 24 && number(at: 16) == 1080 && number(at: 20) == 1350)
    }

    @Test("--format png where rsvg-convert is missing names the package, and writes nothing")
    func pngWithoutRasteriser() throws {
        let movies = MoviesProcess()
        try movies.succeed("add", "Heat", "--watched", "2025-01-31")
        let empty = movies.folder.file("bin")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let output = movies.folder.file("card.png")
        try movies.refuse(
            ["year", "2025", "--format", "png", "-o", output], status: 1,
            message: "install librsvg2-bin (apt-get install librsvg2-bin), or write --format svg",
            environment: ["PATH": empty])
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
