import Basics
import Interchange

/// How an import's report names the kinds of file it read, in words a person recognises.
enum ImportText {
    /// `Letterboxd diary`, `IMDb ratings`, `this program's CSV`; for a file read as Letterboxd's import
    /// layout (what `--from letterboxd` makes of any CSV with a Title column), what it was read as.
    static func kind(of reader: MovieImportReader) -> String {
        if let kind = reader.letterboxdKind {
            switch kind {
            case .ratings: return "Letterboxd ratings"
            case .watched: return "Letterboxd watched films"
            case .watchlist: return "Letterboxd watchlist"
            case .diary: return "Letterboxd diary"
            case .reviews: return "Letterboxd reviews"
            case .importLayout: return "a CSV with a Title column, read as Letterboxd's import format"
            }
        }
        switch reader.format {
        case .letterboxd: return "Letterboxd"
        case .imdb: return "IMDb ratings"
        case .csv: return "this program's CSV"
        case .tsv: return "this program's TSV"
        case .json: return "this program's JSON"
        case .ndjson: return "this program's NDJSON"
        }
    }

    /// The import's report: what it did (or would do) on stdout, then each bad row and each film
    /// already listed (under `--on-duplicate fail`) on stderr, with its line.
    @MainActor
    static func report(
        _ summary: ImportSummary, source: String, readers: [MovieImportReader], options: ImportOptions,
        context: CommandContext
    ) {
        let kinds = Set(readers.map(kind)).sorted().joined(separator: "; ")
        let counts =
            "\(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged, "
            + "\(summary.skipped) skipped, \(summary.rejectedCount) rejected"
        if options.dryRun {
            context.output.line("Dry run of \(source) (\(kinds)): would be \(counts). Nothing was written.")
        } else if summary.isCommitted {
            context.output.line("Imported \(source) (\(kinds)): \(counts).")
        }
        for line in notes(summary, readers: readers) {
            context.output.line(line)
        }
        context.output.flush()
        for rejection in summary.rejected {
            context.errors.line("  \(TerminalText.singleLine(rejection.description))")
        }
        if summary.rejectedCount > summary.rejected.count {
            context.errors.line(
                "  ... and \(summary.rejectedCount - summary.rejected.count) more rejected rows")
        }
        for duplicate in summary.duplicates {
            context.errors.line(
                "  line \(duplicate.line): \(TerminalText.singleLine(duplicate.existing.titleWithYear)) is "
                    + "already on the list as id \(duplicate.existing.id)")
        }
        if summary.duplicateCount > summary.duplicates.count {
            context.errors.line(
                "  ... and \(summary.duplicateCount - summary.duplicates.count) more already on the list")
        }
    }

    /// The lines after the counts: movies seen without a rating, ids renumbered, titles left out, the
    /// encoding a file was read in.
    static func notes(_ summary: ImportSummary, readers: [MovieImportReader]) -> [String] {
        var lines: [String] = []
        if summary.seenWithoutRating > 0 {
            let count = summary.seenWithoutRating
            lines.append(
                "\(count) watched movie\(count == 1 ? " has" : "s have") no rating; "
                    + "\(count == 1 ? "it is" : "they are") listed as seen (movies list --rating seen).")
        }
        if summary.renumbered > 0 {
            let count = summary.renumbered
            lines.append(
                "\(count) movie\(count == 1 ? "'s id was" : "s' ids were") used before in this list, so "
                    + "\(count == 1 ? "it has" : "they have") new ids (ids are never reused).")
        }
        if summary.leftOut > 0 {
            let count = summary.leftOut
            lines.append(
                "\(count) title\(count == 1 ? " that is" : "s that are") not a film (TV series, episodes, "
                    + "games) \(count == 1 ? "was" : "were") left out; --include-tv imports them.")
        }
        for reader in readers where reader.encoding == .windows1252 {
            lines.append("\(reader.path) was read as Windows-1252 (Latin-1), not UTF-8.")
        }
        if summary.duplicateCount > 0 {
            let count = summary.duplicateCount
            lines.append(
                "\(count) movie\(count == 1 ? " is" : "s are") already on the list (listed below); "
                    + "--on-duplicate skip or update goes on.")
        }
        return lines
    }
}
