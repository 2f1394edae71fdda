import Basics
import Interchange

/// How an import's report names the kinds of file it read, in words a person recognises.
enum ImportText {
    /// `Letterboxd diary`, `IMDb ratings` (or `IMDb watchlist`), `this program's CSV`; for a file read as Letterboxd's import
    /// layout (what `--from letterboxd` makes of any CSV with a Title column), what it was read as.
    static func kind(of reader: MovieImportReader) -> String {
        if reader.list != nil { return "a Letterboxd list" }
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
        case .imdb: return reader.isIMDbWatchlist ? "IMDb watchlist" : "IMDb ratings"
        case .csv: return "this program's CSV"
        case .tsv: return "this program's TSV"
        case .json: return "this program's JSON"
        case .ndjson: return "this program's NDJSON"
        case .letterboxdList: return "a Letterboxd list"
        case .letterboxdWatched, .letterboxdWatchlist, .letterboxdDiary, .letterboxdRatings,
            .letterboxdReviews:
            return "Letterboxd"
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
        var counts =
            "\(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged, "
            + "\(summary.skipped) skipped, \(summary.rejectedCount) rejected"
        if summary.viewingsAdded + summary.viewingsUpdated > 0 {
            counts += "; viewings: \(summary.viewingsAdded) logged, \(summary.viewingsUpdated) filled in"
        }
        let lists = summary.listsAdded + summary.listsUpdated + summary.listsUnchanged
        if lists > 0 {
            counts +=
                "; lists: \(summary.listsAdded) added, \(summary.listsUpdated) updated, "
                + "\(summary.listsUnchanged) unchanged"
        }
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
        for row in summary.leftOutRows {
            context.errors.line("  \(TerminalText.singleLine(row.description))")
        }
        if summary.leftOutRowCount > summary.leftOutRows.count {
            context.errors.line(
                "  ... and \(summary.leftOutRowCount - summary.leftOutRows.count) more left out")
        }
        for duplicate in summary.duplicates {
            context.errors.line(
                "  \(duplicate.file.map { "\(TerminalText.singleLine($0)), " } ?? "")line \(duplicate.line): "
                    + "\(TerminalText.singleLine(duplicate.existing.titleWithYear)) is "
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
        if summary.skipped > 0 {
            let count = summary.skipped
            lines.append(
                "\(count) film\(count == 1 ? " was" : "s were") skipped: already listed, and the file would "
                    + "change \(count == 1 ? "it" : "them") (--on-duplicate update takes what the file says):"
            )
            for skip in summary.skippedFilms {
                let viewings =
                    skip.viewings == 0
                    ? "" : ", \(skip.viewings) viewing\(skip.viewings == 1 ? "" : "s") to log or fill in"
                lines.append(
                    "  \(skip.file.map { "\(TerminalText.singleLine($0)), " } ?? "")line \(skip.line): "
                        + "\(TerminalText.singleLine(skip.film.titleWithYear)) "
                        + "(movies show \(skip.film.id))\(viewings)")
            }
            if count > summary.skippedFilms.count {
                lines.append("  ... and \(count - summary.skippedFilms.count) more")
            }
        }
        for choice in summary.ratingChoices {
            let file =
                choice.fileStars.map { MovieText.starCount($0.description) } ?? choice.fileRating.rawValue
            let fileDay = choice.fileDay.map { " (\($0))" } ?? ""
            let listed =
                choice.film.stars.map { MovieText.starCount($0.description) }
                ?? choice.film.ratingWord.rawValue
            let listedDay = choice.film.ratedOn.map { " (\($0))" } ?? ""
            let title = TerminalText.singleLine(choice.film.titleWithYear)
            lines.append(
                choice.fileWins
                    ? "\(title): the file's rating \(file)\(fileDay) is newer and replaces \(listed)\(listedDay)."
                    : choice.isTie
                        ? "\(title): the file's rating \(file) and the rating listed, \(listed), were given the "
                            + "same day\(fileDay); the one listed stays (change it with movies rate)."
                        : "\(title): the rating listed, \(listed)\(listedDay), is newer than the file's \(file)\(fileDay) and stays."
            )
        }
        if summary.ratingChoiceCount > summary.ratingChoices.count {
            lines.append(
                "... and \(summary.ratingChoiceCount - summary.ratingChoices.count) more ratings weighed")
        }
        if summary.leftOutRowCount > 0 {
            let count = summary.leftOutRowCount
            lines.append(
                "\(count) row\(count == 1 ? " was" : "s were") left out: \(count == 1 ? "its" : "their") film "
                    + "could not be told apart from another (listed below by line).")
        }
        if summary.emptyRows > 0 {
            let count = summary.emptyRows
            lines.append(
                "\(count) row\(count == 1 ? "" : "s") made only of separators (a spreadsheet's leftovers) "
                    + "\(count == 1 ? "was" : "were") skipped.")
        }
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
            var line =
                "\(count) title\(count == 1 ? " that is" : "s that are") not a film (TV series, episodes, "
                + "games) \(count == 1 ? "was" : "were") left out; --include-tv imports them."
            if !summary.unknownTitleTypes.isEmpty {
                let types = summary.unknownTitleTypes.sorted { $0.key < $1.key }.map {
                    "'\(TerminalText.singleLine($0.key))' (\($0.value))"
                }
                line +=
                    " Title types movies does not know, left out with them: \(types.joined(separator: ", "))."
            }
            lines.append(line)
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
