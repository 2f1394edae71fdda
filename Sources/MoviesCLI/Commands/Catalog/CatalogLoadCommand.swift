import Basics
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
            one as it was, and running it again starts clean: the scratch files of loads that were killed \
            (kill -9) are removed, and how much that freed is said. One load at a time: a second load of \
            the same catalog is refused (exit 75). A bad file is named with its line (exit 65).
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
        let status = try CatalogLoader(catalogPath: catalogPath).load(
            datasets,
            removed: { leftovers in
                let count = leftovers.paths.count
                context.output.line(
                    "Removed \(count) scratch file\(count == 1 ? "" : "s") of loads that are no longer running "
                        + "(\(BackupText.size(leftovers.byteCount)) freed).")
            },
            progress: { kind, done, total in
                let percent = total > 0 ? min(100, done * 100 / total) : 100
                progress.update("\(kind.fileName) \(percent)%")
            })
        progress.finish()
        context.output.line("Loaded \(status.titleCount) films into \(status.path)")
        context.output.write(CatalogText.files(status))
    }
}
