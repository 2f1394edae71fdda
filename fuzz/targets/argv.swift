/// libFuzzer target for `ArgumentParser` over the real command tree of `movies`
/// (`MoviesCLI.rootSpec` with `MoviesCLI.globalOptions`), and for what the CLI does with its result
/// before it opens the database: help text, the error message and usage footer, and the typed values
/// (ids, years, dates, counts, sizes, durations, instants, ratings), which the parser itself parses.
///
/// Input layout: the argv words (without the program name), separated by NUL bytes, each decoded as
/// UTF-8 with repair as `CommandLine.arguments` does. `list\0--rating\0good` is `movies list --rating good`.
import Basics
import Foundation
import MoviesCore
import News

@testable import MoviesCLI

/// The parser `MoviesCLI.run` builds, made once.
private let parser = ArgumentParser(root: MoviesCLI.rootSpec, globalOptions: MoviesCLI.globalOptions)

/// Runs each of the CLI's value types on `text`, whichever option or argument the word was, and the
/// arithmetic the commands do with the numeric ones (bytes from megabytes, a duration from seconds, a
/// page's look-ahead): a value at or past a bound must never trap (issue 40).
private func convert(_ text: String) {
    _ = MovieID(argument: text)
    _ = NewsItemID(argument: text)
    _ = ViewingReference(argument: text)
    _ = FilmReference(argument: text)
    _ = FeedReference(argument: text)
    _ = IgnoreRuleID(argument: text)
    _ = ReleaseYear(argument: text)
    _ = WatchedYear(argument: text)
    _ = Count(argument: text)?.withLookahead
    _ = Megabytes(argument: text)?.bytes
    _ = Seconds(argument: text)?.duration
    _ = Days(argument: text)?.value
    _ = ItemAge(argument: text)?.seconds
    _ = CalendarDate(typed: text, now: Date(timeIntervalSince1970: 1_780_000_000))
    _ = PublicationDate(argument: text)
    _ = RatingWord(argument: text)
    _ = StarRating(argument: text)
    _ = TypedRating(argument: text)
    _ = NewsCursor(argument: text)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let words =
        size == 0
        ? []
        : bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    words.forEach(convert)
    do {
        switch try parser.parse(words) {
        case .version:
            break
        case .help(let path):
            _ = MoviesCLI.helpFormatter.help(for: path)
        case .shortUsage(let path):
            _ = MoviesCLI.helpFormatter.shortUsage(for: path)
        case .run(let parsed):
            _ = MoviesCLI.helpFormatter.usage(for: parsed.commandPath)
            _ = CommonOptions.databasePath(in: parsed)
            // Every value handed to its declared property, and the command's own rules checked.
            if let handler = parsed.command.handler {
                _ = try handler.command(from: parsed)
            }
        }
    } catch {
        _ = MoviesCLI.describe(error)
        _ = MoviesCLI.helpFormatter.errorFooter(for: error.commandPath)
    }
    return 0
}
