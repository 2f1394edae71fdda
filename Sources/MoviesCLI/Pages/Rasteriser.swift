import FoundationEssentials
import Interchange

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A card as PNG, drawn by librsvg's `rsvg-convert` (Debian's librsvg2-bin), which is run, not linked:
/// only `--format png` needs it.
///
/// The SVG is written to a private temporary folder and the PNG read back from it, so the output file is
/// written as every output file is (whole or not at all, `OutputFileSink`), never by the program.
enum Rasteriser {
    static let program = "rsvg-convert"

    /// The PNG of `svg`; `CommandFailure` when `rsvg-convert` is missing or fails.
    static func png(_ svg: String, environment: [String: String]) throws -> [UInt8] {
        var template = Array("/tmp/movies-card-XXXXXX".utf8CString)
        guard
            let folder = template.withUnsafeMutableBufferPointer({ buffer in
                buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
            })
        else {
            throw CommandFailure(
                message: "Cannot make a temporary folder for the PNG (\(String(cString: strerror(errno))))",
                exitCode: .failure)
        }
        let svgPath = folder + "/card.svg"
        let pngPath = folder + "/card.png"
        defer {
            unlink(svgPath)
            unlink(pngPath)
            rmdir(folder)
        }
        let file = try OutputFileSink(path: svgPath)
        try file.write(svg)
        try file.commit()
        switch run([program, "--format", "png", "--output", pngPath, svgPath], environment: environment) {
        case .missing:
            throw CommandFailure(
                message: """
                    --format png needs rsvg-convert, which is not installed: install librsvg2-bin \
                    (apt-get install librsvg2-bin), or write --format svg
                    """,
                exitCode: .failure)
        case .failed(let reason):
            throw CommandFailure(
                message: "rsvg-convert could not draw the card (\(reason))", exitCode: .failure)
        case .done:
            break
        }
        guard let data = FileBytes.read(pngPath, upTo: 64 << 20) else {
            throw CommandFailure(message: "rsvg-convert wrote no PNG", exitCode: .failure)
        }
        return Array(data)
    }

    private enum Outcome {
        case done, missing
        case failed(String)
    }

    /// Runs `arguments` (the program looked up in `PATH`) and waits for it.
    private static func run(_ arguments: [String], environment: [String: String]) -> Outcome {
        switch ChildProgram.run(arguments, environment: environment) {
        case .notFound: .missing
        case .cannotStart(let reason): .failed(reason)
        case .exited(let status): status == 0 ? .done : .failed("status \(status)")
        case .killed(let signal): .failed("ended by signal \(signal)")
        }
    }
}
