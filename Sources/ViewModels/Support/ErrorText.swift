import Basics

/// Turns any error a store can throw into a sentence a person can read, for `lastError` properties.
public enum ErrorText {
    /// `error` as one sentence, without type names or codes a person cannot act on.
    public static func message(for error: any Error) -> String {
        userFacingMessage(for: error)
    }
}
