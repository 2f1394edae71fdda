/// libFuzzer target for the Letterboxd zip reader, in process: `ZipArchive` over the input (libzip
/// reading from memory), `LetterboxdExportZip`'s choice of files, name checks and size caps, then every
/// row of the chosen files through `MovieImportReader`, inflating as it reads.
///
/// Input: the zip's bytes. The caps are small (1 MiB a file, 2 MiB in all) so that a bomb costs
/// milliseconds. libzip itself is the system's and not instrumented: coverage guides the mutations
/// through this project's code only, and libzip's parsing is exercised, not steered.
import MoviesCore

@testable import Interchange

/// 1 MiB a file, 2 MiB in all.
private let limits = LetterboxdExportZip.Limits(file: 1 << 20, total: 2 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let archive = try? ZipArchive(bytes: UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    // Every entry's name and kind, as the chooser reads them.
    for index in 0..<archive.entryCount {
        _ = archive.name(at: index).map(LetterboxdExportZip.unsafeNameProblem)
        _ = archive.kind(at: index)
    }
    do {
        let readers = try LetterboxdExportZip(path: "fuzz.zip", archive: archive, limits: limits).readers()
        var total = 0
        for reader in readers {
            while let row = try reader.next() {
                switch row {
                case .success(let movie): _ = movie.draft
                case .failure(let error): _ = error.description
                }
            }
            total += reader.bytesRead
        }
        if total > limits.total {
            fatalError("read \(total) bytes past the \(limits.total)-byte cap")
        }
    } catch {
        _ = "\(error)"
    }
    return 0
}
