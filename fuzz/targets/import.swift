/// libFuzzer target for `MovieImportReader`, end to end over a real file, in every format.
///
/// Input layout: the first byte is a control byte, the rest is the file's content.
/// - bits 0–2: the format: 0 = detect it (as `movies import` does without `--from`), 1–6 = one of
///   `MovieImportFormat.allCases`, 7 = detect it again (so detection gets a quarter of the inputs)
/// - bits 3–4: the file's name, which Letterboxd's watched/watchlist detection reads
/// - bits 5–7: the read buffer: 4 + 3 × n bytes for a given format (detection always reads 64 KiB)
///
/// The file lives in one temporary folder per process, made on first use and removed at exit, so the
/// target never touches the user's files. For a given format, the rows and the error must be the same
/// whatever the buffer size (an oracle for chunk-boundary bugs).
import Foundation
import MoviesCore

@testable import Interchange

#if canImport(Glibc)
    import Glibc
#endif

/// The per-process temporary folder, made once with `mkdtemp`.
nonisolated(unsafe) private var folder: String?

/// The file names the control byte picks from; only "watchlist" in the name changes what is read.
private let names = ["ratings.csv", "watchlist.csv", "import", "my watchlist.tsv"]

/// The folder, created on the first call; it and its files are removed when the process exits.
private func temporaryFolder() -> String {
    if let folder { return folder }
    var template = Array((NSTemporaryDirectory() + "/movies-fuzz-import.XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed: errno \(errno)") }
    let path = String(cString: made)
    folder = path
    atexit {
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }
    return path
}

/// Writes `bytes` to `path`, replacing what was there.
private func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { fatalError("cannot write \(path): errno \(errno)") }
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count, let base = bytes.baseAddress {
        let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
        guard written > 0 else { fatalError("cannot write \(path): errno \(errno)") }
        offset += written
    }
}

/// Every row the reader yields, as text, then the error that stopped it; the text of each value is
/// built so that the description code runs too.
private func readAll(path: String, format: MovieImportFormat?, bufferSize: Int) -> [String] {
    var outcome: [String] = []
    do {
        let reader = try MovieImportReader(path: path, format: format, bufferSize: bufferSize)
        outcome.append("format \(reader.format) \(String(describing: reader.letterboxdKind))")
        while let row = try reader.next() {
            switch row {
            case .success(let movie):
                // The draft is what the importer hands the store.
                outcome.append("\(movie) \(movie.draft)")
            case .failure(let error):
                outcome.append(error.description)
            }
        }
    } catch {
        outcome.append("error: \(error.description) \(error.isMissingInput)")
    }
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let control = data[0]
    let formatIndex = Int(control & 7)
    let format: MovieImportFormat? =
        (1...6).contains(formatIndex) ? MovieImportFormat.allCases[formatIndex - 1] : nil
    let path = temporaryFolder() + "/" + names[Int((control >> 3) & 3)]
    write(UnsafeBufferPointer(start: data + 1, count: size - 1), to: path)

    let whole = readAll(path: path, format: format, bufferSize: 64 * 1024)
    if format != nil {
        let bufferSize = 4 + 3 * Int(control >> 5)
        let small = readAll(path: path, format: format, bufferSize: bufferSize)
        if small != whole {
            fatalError("buffer size \(bufferSize) changes the outcome:\n\(small)\nversus\n\(whole)")
        }
    }
    return 0
}
