import Foundation
import TestSupport
import Testing

/// The repository's documents hold together: README.md stays a front door of one page, and every relative
/// link of README.md, CONTRIBUTING.md and docs/*.md leads to a file of the repository and, with an anchor,
/// to a heading of it. A section moved or renamed without its links fails here.
@Suite("The documents: README.md's length, and the links of README.md, CONTRIBUTING.md and docs/*.md")
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().standardizedFileURL

    /// README.md, CONTRIBUTING.md and every Markdown file in docs/, relative to the root.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("docs").path
        )
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md", "CONTRIBUTING.md"] + docs
    }

    @Test("README.md is at most 200 lines: the rest lives in docs/ and CONTRIBUTING.md")
    func readmeIsOnePage() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines =
            readme.split(separator: "\n", omittingEmptySubsequences: false).count
            - (readme.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= 200, "README.md has \(lines) lines")
        #expect(lines > 20, "README.md has only \(lines) lines: is it the right file?")
    }

    @Test("every relative link leads to a file that exists, and every anchor to a heading of its file")
    func linksResolve() throws {
        let documents = try Self.documents()
        #expect(documents.contains("docs/GUIDE.md") && documents.contains("docs/COMMANDS.md"))
        let links = DocumentLinks(root: Self.root)
        var checked = 0
        for document in documents {
            let problems = try links.problems(inDocument: document)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
            let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
            checked += MarkdownDocument(text: text).linkTargets.count
        }
        #expect(checked > 100, "only \(checked) links found: the link reader is broken")
    }

    @Test(
        "the check finds a missing file, a missing anchor, a link out of the repository; code is not a link")
    func checkFindsBrokenLinks() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: folder.file("docs"), withIntermediateDirectories: false)
        try folder.write(
            """
            # Guide

            ## The shell and `--watch`

            ## Exit codes

            ## Exit codes
            """, to: "docs/GUIDE.md")
        try folder.write(
            """
            # movies

            [ok](docs/GUIDE.md#the-shell-and---watch), [second](docs/GUIDE.md#exit-codes-1),
            [here](#movies), [folder](docs), [site](https://example.org/x.md#nowhere)
            [gone](docs/MISSING.md), [renamed](docs/GUIDE.md#the-shell), [up](../outside.md),
            [self](#nothing-here), [file anchor](docs#x)

            `[not a link](nowhere.md)` and ``a [`code`](span.md) too``, spanning
            `a line [break](broken.md)
            here`.

            ```
            [in a fence](fenced.md)
            ```
            """, to: "README.md")
        let problems = try DocumentLinks(root: URL(fileURLWithPath: folder.path)).problems(
            inDocument: "README.md")
        #expect(
            problems == [
                "README.md: the link docs/MISSING.md points at docs/MISSING.md, which does not exist",
                "README.md: the link docs/GUIDE.md#the-shell names no heading of docs/GUIDE.md",
                "README.md: the link ../outside.md leads outside the repository",
                "README.md: the link #nothing-here names no heading of README.md",
                "README.md: the link docs#x has an anchor, but docs has no headings",
            ])
    }

    @Test(
        "headings are named as GitHub names them",
        arguments: [
            ("## `movies news export-opml`", "movies-news-export-opml"),
            ("### The news screen (`news`; the prompt `news>`)", "the-news-screen-news-the-prompt-news"),
            ("## The shell and `--watch`", "the-shell-and---watch"),
            ("### `news_enclosures` and `news_pruned_items`", "news_enclosures-and-news_pruned_items"),
            (
                "## What these scenarios found, and what changed",
                "what-these-scenarios-found-and-what-changed"
            ),
            ("## See [the guide](GUIDE.md) ##", "see-the-guide"),
            ("## C#", "c"),
            ("#### Año, **Müde**", "año-müde"),
        ])
    func headingAnchors(heading: String, anchor: String) {
        #expect(MarkdownDocument(text: heading).anchors == [anchor])
    }
}
