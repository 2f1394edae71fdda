import App
import MoviesCore
import News

/// `movies __complete films|feeds [--] PREFIX`: what the bash, zsh and fish scripts offer where a film
/// or a feed goes, one candidate a line, read from the list the line being completed names (its `--db`,
/// which the script passes on, else `$MOVIES_DB`, else the default).
///
/// Hidden (`CommandAbout.isHidden`): a command for the scripts, not for people. The list is opened
/// read-only and as it is (`readingDatabase(asItIs:)`): nothing is created where there is none and
/// nothing migrated. Any failure prints nothing and succeeds, as whatever it printed would land in the
/// person's prompt.
struct CompleteCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "__complete",
        abstract: "Print the titles of the films or feeds that start with a text, for completion scripts.",
        isHidden: true)

    @Argument("kind", help: "What goes where the word is completed: films or feeds.")
    var kind: CompletionSource
    @Argument("prefix", help: "What was typed of the word (any case).")
    var prefix: String?

    /// How many candidates at most: a shell lists them all, and no person reads more.
    static let limit = 200

    func runSynchronously(in context: CommandContext) throws {
        guard let candidates = try? candidates(in: context) else { return }
        for candidate in candidates where !candidate.contains(where: \.isNewline) {
            context.output.write(candidate + "\n")
        }
    }

    @MainActor private func candidates(in context: CommandContext) throws -> [String] {
        let typed = prefix ?? ""
        let database = try context.readingDatabase(asItIs: true)
        switch kind {
        case .films:
            // `Heat (19`: a title with its year begun, which only the candidates hold, so the titles are
            // read from what is before the parenthesis, and the candidates matched with all of it.
            let title = typed.lastIndex(of: "(").map { String(typed[..<$0]).trimmingWhitespace() } ?? typed
            let lowered = typed.lowercased()
            return Self.films(try database.movies.titlesAndYears(startingWith: title, limit: Self.limit))
                .filter { $0.lowercased().hasPrefix(lowered) }
        case .feeds: return Self.feeds(try database.news.feeds(), startingWith: typed)
        }
    }

    /// Each title once; a title several films share, once per year (`Heat (1995)`, as `FilmReference`
    /// reads it), since the title alone names none of them.
    static func films(_ found: [(title: String, year: Int?)]) -> [String] {
        var counts: [String: Int] = [:]
        for film in found { counts[film.title.lowercased(), default: 0] += 1 }
        var seen = Set<String>()
        var candidates: [String] = []
        for film in found {
            let shared = counts[film.title.lowercased(), default: 0] > 1
            let candidate = shared ? film.year.map { "\(film.title) (\($0))" } ?? film.title : film.title
            if seen.insert(candidate).inserted { candidates.append(candidate) }
        }
        return candidates
    }

    /// The feeds' titles (where a title reads as one: not an id, not an address) and addresses that
    /// start with `prefix`, any case.
    static func feeds(_ feeds: [Feed], startingWith prefix: String) -> [String] {
        let lowered = prefix.lowercased()
        var seen = Set<String>()
        var candidates: [String] = []
        for feed in feeds {
            var names = [feed.url]
            if let title = feed.title, case .title = FeedReference(title) { names.insert(title, at: 0) }
            for name in names where name.lowercased().hasPrefix(lowered) && seen.insert(name).inserted {
                candidates.append(name)
            }
        }
        return Array(candidates.prefix(limit))
    }
}

/// What `movies __complete` completes.
enum CompletionSource: String, CaseIterable, ExpressibleByArgument {
    case films, feeds
}
