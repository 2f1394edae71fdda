import Catalog

/// How the film catalog is printed for people.
enum CatalogText {
    /// One line per file loaded: its name, its date, its rows and those kept.
    static func files(_ status: CatalogStatus) -> String {
        status.files.map { file in
            "  \(file.fileName)  of \(file.modifiedAt.prefix(10))  \(file.rowsKept) of \(file.rowsRead) rows kept"
                + "  (loaded \(file.loadedAt.prefix(16).replacing("T", with: " ")) UTC)\n"
        }.joined()
    }

    /// `Heat (1995)  tt0113277  Michael Mann`: a film in a sentence, for lists of candidates.
    static func candidate(_ title: CatalogTitle) -> String {
        var parts = [TerminalText.singleLine(title.titleWithYear), title.imdbID]
        if !title.directors.isEmpty {
            parts.append(TerminalText.singleLine(title.directors.joined(separator: ", ")))
        }
        if title.kind != "movie" { parts.append(title.kind) }
        return parts.joined(separator: "  ")
    }

    /// The table `movies find` prints.
    static func table(_ titles: [CatalogTitle], terminal: Terminal) -> String {
        Table.render(
            columns: [
                Table.Column(title: "IMDB"), Table.Column(title: "TITLE", isShortenable: true),
                Table.Column(title: "YEAR", alignRight: true),
                Table.Column(title: "DIRECTED BY", isShortenable: true),
                Table.Column(title: "RUNTIME", alignRight: true),
            ],
            rows: titles.map { title in
                [
                    title.imdbID, title.kind == "movie" ? title.title : "\(title.title) (\(title.kind))",
                    title.year.map(String.init) ?? "", title.directors.joined(separator: ", "),
                    title.runtimeMinutes.map { "\($0) min" } ?? "",
                ]
            },
            width: terminal.columns, header: terminal.bold)
    }
}
