/// libFuzzer target for `ArgumentParser` over the real command tree of `movies`
/// (`MoviesCLI.rootSpec` with `MoviesCLI.globalOptions`), and for what the CLI does with its result
/// before it opens the database: help text, the error message and usage footer, the command lookup
/// and the conversions of values (ids, years, dates, counts, instants).
///
/// Input layout: the argv words (without the program name), separated by NUL bytes, each decoded as
/// UTF-8 with repair as `CommandLine.arguments` does. `list\0--rating\0good` is `movies list --rating good`.
import Foundation

@testable import MoviesCLI

/// The parser `MoviesCLI.run` builds, made once.
private let parser = ArgumentParser(root: MoviesCLI.rootSpec, globalOptions: MoviesCLI.globalOptions)

/// Runs each of the CLI's value conversions on `text`, as a command would on an argument.
private func convert(_ text: String) {
    _ = ValueParsing.movieID(text)
    _ = ValueParsing.integer(text)
    _ = ValueParsing.positiveCount(text)
    _ = ValueParsing.calendarDate(text, now: Date(timeIntervalSince1970: 1_780_000_000))
    _ = ValueParsing.instant(text)
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
    do {
        switch try parser.parse(words) {
        case .version:
            break
        case .help(let path):
            _ = MoviesCLI.helpFormatter.help(for: path)
        case .run(let parsed):
            _ = MoviesCLI.command(for: parsed.commandPath)
            _ = MoviesCLI.helpFormatter.usage(for: parsed.commandPath)
            // The typed accessors the commands use; their errors are usage errors like the parser's.
            do {
                _ = try parsed.movieID("id", display: "'<id>'")
                _ = try parsed.movieIDs("id")
                _ = try parsed.year()
                _ = try parsed.watchedDate()
            } catch {
                _ = MoviesCLI.describe(error)
                _ = MoviesCLI.helpFormatter.errorFooter(for: error.commandPath)
            }
            _ = parsed.rating("rating")
            _ = parsed.string("db")
            for values in parsed.positionals.values { values.forEach(convert) }
            for values in parsed.options.values { values.forEach(convert) }
        }
    } catch {
        _ = MoviesCLI.describe(error)
        _ = MoviesCLI.helpFormatter.errorFooter(for: error.commandPath)
    }
    return 0
}
