import Basics
import Catalog

/// `movies find`: see docs/COMMANDS.md, written from the declarations below.
struct FindCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "find",
        abstract: "Find films in the catalog by words of any of their titles.",
        discussion: """
            Searches the film catalog (see movies catalog): every title a film goes by, in every language, \
            case and accents aside; whole words, best match first, then the better known. Prints the IMDb \
            id that add --imdb takes.
            """,
        examples: ["movies find heat", "movies find heat --year 1995", "movies find fabuleux destin"])

    @Argument("words", help: "Words of the title.")
    var words: [String]
    @Option("year", short: "Y", help: "Only films released that year.")
    var year: ReleaseYear?
    @Option("limit", short: "l", valueName: "n", help: "Show at most this many (20 unless given).")
    var limit: Count?

    func runSynchronously(in context: CommandContext) throws {
        let text = words.joined(separator: " ")
        _ = try CatalogReader.wordsExpression(text)  // no words: refused before anything is opened
        let catalog = try context.catalog()
        let found = try catalog.find(text, year: year?.value, limit: limit?.value ?? 20)
        guard !found.isEmpty else {
            context.output.line(
                "No film of the catalog is titled with the words '\(TerminalText.singleLine(text))'.")
            return
        }
        context.output.write(CatalogText.table(found, terminal: context.terminal))
    }
}
