import Catalog

extension CommandContext {
    /// The film catalog beside the list; `CatalogError.noCatalog` (exit 1) when none was loaded.
    func catalog() throws -> CatalogReader {
        let path = CatalogLocation.path(forDiary: try databasePath)
        return try CatalogReader(path: path)
    }

    /// The film catalog beside the list, or nil when none was loaded: for the commands that work as
    /// before without one (`add`, `show`).
    func catalogIfLoaded() throws -> CatalogReader? {
        try CatalogReader.beside(diary: try databasePath)
    }
}
