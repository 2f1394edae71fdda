import MoviesCore
import Storage

/// Turns any error a store can throw into a sentence a person can read, for `lastError` properties.
public enum ErrorText {
    /// `error` as one capitalized sentence, without type names or codes a person cannot act on.
    public static func message(for error: any Error) -> String {
        let text: String =
            switch error {
            case let movie as MovieError: movie.description
            case let storage as StorageError: storage.description
            case let news as NewsError: news.description
            case let problem as FullTextQuery.Problem: problem.description
            default: String(describing: error)
            }
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
