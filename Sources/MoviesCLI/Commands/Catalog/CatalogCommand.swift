/// `movies catalog <subcommand>`: the film catalog built from IMDb's datasets. Its subcommands are the
/// registry's `.catalog` commands.
enum CatalogCommand: CommandGroup {
    static let name = "catalog"

    static var spec: CommandSpec {
        CommandSpec(
            name: name,
            abstract: "Build and inspect the film catalog from IMDb's datasets.",
            discussion: """
                IMDb publishes its core data as files for personal, non-commercial use: \
                https://developer.imdb.com/non-commercial-datasets/ (download title.basics.tsv.gz, \
                title.akas.tsv.gz, title.crew.tsv.gz, title.ratings.tsv.gz and name.basics.tsv.gz into one \
                folder). The catalog is a file of its own beside the list (movies.catalog.sqlite beside \
                movies.sqlite), so backups of the list stay small; with it, add, find, link, show, list and \
                stats know each film's year, directors, runtime, genres and rating.
                """,
            subcommands: .registry(.catalog),
            examples: [
                "movies catalog load ~/Downloads/imdb",
                "movies catalog status",
            ])
    }
}
