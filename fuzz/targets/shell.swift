/// libFuzzer target for the shell's line splitter, `ShellWords.split`, and the parsers the shell hands
/// the words to (the movie screen's `ShellTrees.movies` and the news screen's `ShellTrees.news`).
///
/// Input layout: one input line as bytes, decoded as UTF-8 with repair as `LineReader` does.
///
/// The oracle beyond "never traps, never leaks": quoting. Each word the splitter returns, put in
/// single quotes (a `'` inside as `'\''`, as sh needs) and joined by spaces, splits back into the
/// same words.
import Foundation

@testable import MoviesCLI

/// The movie screen's parser and help, as `ShellSession` builds them.
private let movieParser = ArgumentParser(root: ShellTrees.movies, globalOptions: ShellTrees.globalOptions)
private let movieHelp = HelpFormatter(root: ShellTrees.movies, globalOptions: ShellTrees.globalOptions)
/// The news screen's; `NewsScreen` is main-actor isolated, and libFuzzer calls in on the main thread.
@MainActor private let newsParser = ArgumentParser(
    root: ShellTrees.news, globalOptions: ShellTrees.globalOptions)
@MainActor private let newsHelp = HelpFormatter(
    root: ShellTrees.news, globalOptions: ShellTrees.globalOptions)

/// `word` quoted for sh: in single quotes, each `'` closing them, escaped, and opening them again.
///
/// Scalar by scalar, as `ShellWords` reads: `replacingOccurrences` matches whole characters and would
/// miss a quote that a combining mark follows.
private func quoted(_ word: String) -> String {
    var quoted = "'"
    for scalar in word.unicodeScalars {
        if scalar == "'" {
            quoted += "'\\''"
        } else {
            quoted.unicodeScalars.append(scalar)
        }
    }
    return quoted + "'"
}

/// Parses `words` as the shell does on one of its screens, and builds the text it would print.
private func parse(_ words: [String], with parser: ArgumentParser, help: HelpFormatter) {
    do {
        switch try parser.parse(words) {
        case .version: break
        case .help(let path): _ = help.help(for: path)
        case .shortUsage(let path): _ = help.shortUsage(for: path)
        case .run(let parsed): _ = help.usage(for: parsed.commandPath)
        }
    } catch {
        _ = help.errorFooter(for: error.commandPath)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let words: [String]
    do {
        words = try ShellWords.split(line)
    } catch {
        _ = error.description
        return 0
    }
    let requoted = words.map(quoted).joined(separator: " ")
    do {
        let again = try ShellWords.split(requoted)
        if again != words {
            fatalError("quoting changes the words: \(words) became \(again) via \(requoted.debugDescription)")
        }
    } catch {
        fatalError("the quoted words \(requoted.debugDescription) do not split: \(error)")
    }
    parse(words, with: movieParser, help: movieHelp)
    MainActor.assumeIsolated { parse(words, with: newsParser, help: newsHelp) }
    return 0
}
