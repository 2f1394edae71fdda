import Foundation

/// What a Markdown file offers and asks of others: the anchors of its headings, and the targets of its
/// links, read outside fenced code blocks and inline code spans (an example such as `[1]: https://…`
/// or a shell line is text, not a link).
///
/// Headings are named as GitHub names them (github-slugger), since that is where the documents are
/// read: the heading's text without its inline markup, in lower case, with every character that is
/// not a letter, a digit, a space, `-` or `_` dropped and each space made a `-`; a name already taken
/// gets `-1`, `-2`… in the order the headings come.
struct MarkdownDocument {
    /// The anchors its headings make, in order.
    let anchors: [String]
    /// The target of every inline link and image, `path#fragment` as written.
    let linkTargets: [String]

    init(text: String) {
        var anchors: [String] = []
        var taken: [String: Int] = [:]
        var prose: [Substring] = []
        var fence: Character?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop(while: { $0 == " " })
            if let marker = trimmed.first, marker == "`" || marker == "~",
                trimmed.hasPrefix(String(repeating: marker, count: 3))
            {
                if fence == nil {
                    fence = marker
                } else if fence == marker {
                    fence = nil
                }
                continue
            }
            guard fence == nil else { continue }
            prose.append(line)
            if let title = Self.headingText(line) {
                let name = Self.anchor(forHeading: title)
                let count = taken[name, default: 0]
                taken[name] = count + 1
                anchors.append(count == 0 ? name : "\(name)-\(count)")
            }
        }
        self.anchors = anchors
        // Code spans may run over a line break, so they are taken out of the prose as a whole.
        linkTargets = Self.links(in: Self.withoutCodeSpans(prose.joined(separator: "\n")))
    }

    /// The text of an ATX heading (`## Title`, up to three spaces before it), or nil for another line.
    static func headingText(_ line: Substring) -> String? {
        let indented = line.prefix(while: { $0 == " " }).count
        guard indented <= 3 else { return nil }
        let rest = line.dropFirst(indented)
        let level = rest.prefix(while: { $0 == "#" }).count
        guard (1...6).contains(level) else { return nil }
        let title = rest.dropFirst(level)
        guard title.isEmpty || title.first == " " || title.first == "\t" else { return nil }
        var text = title.trimmingCharacters(in: .whitespaces)
        // A closing run of #s, after a space, is not part of the title.
        if let closing = text.lastIndex(where: { $0 != "#" }), closing < text.index(before: text.endIndex),
            text[closing] == " "
        {
            text = String(text[..<closing]).trimmingCharacters(in: .whitespaces)
        }
        return text
    }

    /// The anchor GitHub gives a heading with this text.
    static func anchor(forHeading title: String) -> String {
        // Inline markup goes: a link keeps its text, code keeps its content, emphasis its words.
        let linkText = title.replacingOccurrences(
            of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
        var anchor = ""
        for character in linkText.lowercased() where character != "`" && character != "*" {
            if character == " " {
                anchor.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                anchor.append(character)
            }
        }
        return anchor
    }

    /// `text` with every inline code span (a run of backticks up to the next run of the same length)
    /// taken out; a run that is never closed stays, as Markdown shows it.
    static func withoutCodeSpans(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == "`" else {
                result.append(text[index])
                index = text.index(after: index)
                continue
            }
            let runEnd = text[index...].firstIndex(where: { $0 != "`" }) ?? text.endIndex
            let run = text[index..<runEnd]
            var search = runEnd
            var closing: Range<String.Index>?
            while let found = text.range(of: run, range: search..<text.endIndex) {
                let after = found.upperBound
                if after == text.endIndex || text[after] != "`" {
                    closing = found
                    break
                }
                search = text[after...].firstIndex(where: { $0 != "`" }) ?? text.endIndex
            }
            if let closing {
                index = closing.upperBound
            } else {
                result += run
                index = runEnd
            }
        }
        return result
    }

    /// The targets of the inline links and images in `text` (`[text](target)`, `[text](target "title")`).
    static func links(in text: String) -> [String] {
        var targets: [String] = []
        var search = text.startIndex
        while let opening = text.range(of: "](", range: search..<text.endIndex) {
            let rest = text[opening.upperBound...]
            let target = rest.prefix(while: { $0 != ")" && $0 != " " && $0 != "\n" })
            if !target.isEmpty { targets.append(String(target)) }
            search = opening.upperBound
        }
        return targets
    }
}

/// The documents of a repository checked against each other: every relative link leads to a file or
/// folder inside the repository, and every `#fragment` names a heading of the Markdown file it points at.
struct DocumentLinks {
    /// The repository's root folder.
    let root: URL

    /// What is wrong with the links of the document at `path` (relative to the root), one sentence each.
    func problems(inDocument path: String) throws -> [String] {
        let document = root.appendingPathComponent(path).standardizedFileURL
        let text = try String(contentsOf: document, encoding: .utf8)
        var problems: [String] = []
        for link in MarkdownDocument(text: text).linkTargets where !Self.isAbsolute(link) {
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let linkedPath = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let fragment = parts.count > 1 ? String(parts[1]) : ""
            let target =
                linkedPath.isEmpty
                ? document
                : document.deletingLastPathComponent().appendingPathComponent(linkedPath).standardizedFileURL
            guard target.path == root.path || target.path.hasPrefix(root.path + "/") else {
                problems.append("\(path): the link \(link) leads outside the repository")
                continue
            }
            guard FileManager.default.fileExists(atPath: target.path) else {
                problems.append(
                    "\(path): the link \(link) points at \(relative(target)), which does not exist")
                continue
            }
            guard !fragment.isEmpty else { continue }
            guard target.pathExtension == "md" else {
                problems.append(
                    "\(path): the link \(link) has an anchor, but \(relative(target)) has no headings")
                continue
            }
            let anchors = MarkdownDocument(text: try String(contentsOf: target, encoding: .utf8)).anchors
            if !anchors.contains(fragment) {
                problems.append("\(path): the link \(link) names no heading of \(relative(target))")
            }
        }
        return problems
    }

    /// Whether `link` names a scheme (`https:`, `mailto:`): an address outside the repository's files.
    static func isAbsolute(_ link: String) -> Bool {
        guard let colon = link.firstIndex(of: ":"), let first = link.first, first.isLetter else {
            return false
        }
        return link[..<colon].allSatisfy { $0.isLetter || $0.isNumber || "+.-".contains($0) }
    }

    private func relative(_ url: URL) -> String {
        String(url.path.dropFirst(root.path.count + 1))
    }
}
