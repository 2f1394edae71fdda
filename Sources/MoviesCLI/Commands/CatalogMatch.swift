import Catalog
import MoviesCore

/// What `add` makes of the catalog: the one film a new entry is, linked; several, refused with each named.
enum CatalogMatch {
    /// `draft` linked to the catalog's film it is (by `--imdb`, else by title and `--year`), with its
    /// year, runtime, genres and directors; as it is when the catalog has no such film. Refused when
    /// several fit, with each one named, since which one is meant is not said.
    static func linked(_ draft: ValidMovieDraft, in catalog: CatalogReader) throws -> ValidMovieDraft {
        let found = try CatalogLinker(catalog: catalog).candidates(
            title: draft.draft.title, year: draft.draft.year, imdbID: draft.draft.imdbID)
        guard found.count <= 1 else { throw ambiguous(draft.draft.title, found) }
        guard let only = found.first else { return draft }
        return try MovieValidation.validated(only.details.applied(to: draft.draft))
    }

    /// The refusal of an add that fits several films of the catalog.
    static func ambiguous(_ title: String, _ found: [CatalogTitle]) -> CommandFailure {
        CommandFailure(
            message: "Several films of the catalog are titled '\(TerminalText.singleLine(title))': "
                + found.prefix(10).map(CatalogText.candidate).joined(separator: "; ")
                + (found.count > 10 ? "; and \(found.count - 10) more" : "")
                + "; give --year or --imdb to say which",
            exitCode: .failure)
    }
}
