import Catalog

/// `movies catalog status`: see docs/COMMANDS.md, written from the declarations below.
struct CatalogStatusCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "status", abstract: "Say what the film catalog holds and from when.",
        discussion: "Each file loaded, with its date (the file's modification time), its rows and those kept."
    )

    func runSynchronously(in context: CommandContext) throws {
        let catalogPath = CatalogLocation.path(forDiary: try context.databasePath)
        guard let catalog = try CatalogReader.beside(diary: try context.databasePath) else {
            context.output.line("No film catalog yet (\(catalogPath)).")
            context.hint(
                "Download IMDb's datasets (https://developer.imdb.com/non-commercial-datasets/) and run 'movies catalog load FOLDER'."
            )
            return
        }
        let status = try catalog.status()
        context.output.line("\(status.titleCount) films in \(status.path)")
        context.output.write(CatalogText.files(status))
    }
}
