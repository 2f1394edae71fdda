import MoviesCore
import ViewModels

/// The shell's movie screen: the filter and the order `list` uses, set by `filter` and `sort`.
@MainActor
final class MovieScreen {
    /// Holds the filter and sort; `list` builds its own page from them.
    let list: MovieListViewModel

    init(store: MovieStore) {
        list = MovieListViewModel(store: store)
    }

    /// `Filter: rating good, excellent; text "heat"`, or that there is none.
    var filterDescription: String {
        var parts: [String] = []
        if !list.ratingFilter.isEmpty {
            parts.append(
                "rating "
                    + RatingWord.allCases.filter(list.ratingFilter.contains).map(\.rawValue).joined(
                        separator: ", "))
        }
        if !list.textFilter.isEmpty {
            parts.append("text \"\(TerminalText.singleLine(list.textFilter))\"")
        }
        return "Filter: " + (parts.isEmpty ? "none (every movie)" : parts.joined(separator: "; "))
    }

    /// `Sort: rating, reversed`.
    var sortDescription: String {
        "Sort: \(list.sort.rawValue)" + (list.isReversed ? ", reversed" : "")
    }
}
