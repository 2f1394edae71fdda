import Catalog

/// `movies catalog load`: see docs/COMMANDS.md, written from the declarations below.
struct CatalogLoadCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "load",
        abstract: "Build the film catalog from IMDb's dataset files.",
        discussion: """
            Give the folder holding the files, or the files themselves (by their published names); \
            title.basics.tsv.gz is needed, the others add alternative titles, directors, ratings and names. \
            Films, TV films, shorts and videos are kept; series, episodes and games are not. The new catalog \
            replaces the old one only once it is whole: an interrupted or refused load leaves the previous \
            one as it was, and running it again starts clean. A bad file is named with its line (exit 65).
            """,
        examples: [
            "movies catalog load ~/Downloads/imdb",
            "movies catalog load title.basics.tsv.gz title.crew.tsv.gz",
        ])

    @Argument("files", help: "A folder holding IMDb's .tsv.gz files, or the files.")
    var files: [String]

    func runSynchronously(in context: CommandContext) throws {
        let datasets = try DatasetFile.files(at: files)
        let catalogPath = CatalogLocation.path(forDiary: try context.databasePath)
        let progress = ProgressLine(label: "Loading", isEnabled: context.terminal.isErrorInteractive)
        let status = try CatalogLoader(catalogPath: catalogPath).load(datasets) { kind, done, total in
            let percent = total > 0 ? min(100, done * 100 / total) : 100
            progress.update("\(kind.fileName) \(percent)%")
        }
        progress.finish()
        context.output.line("Loaded \(status.titleCount) films into \(status.path)")
        context.output.write(CatalogText.files(status))
    }
}
