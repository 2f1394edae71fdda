import Basics
import FoundationEssentials
import MoviesCore

/// Prints the benchmark table as Markdown, row by row as the workloads finish.
struct Report {
    let configuration: Configuration

    func header() {
        var lines: [String] = []
        func print(_ line: String) { lines.append(line) }
        defer { StandardStreams.output(lines.joined(separator: "\n") + "\n") }
        let date = Timestamp.string(from: Date()).prefix(16).replacing("T", with: " ")
        print("movies-bench, \(date) UTC\(configuration.quick ? " (--quick)" : "")")
        print("Machine: \(Machine.description); SQLite \(RawSQLite.version); movies built with -c release")
        print("Each figure is the median of \(configuration.runs) or more runs; ratio = movies / baseline.")
        print("")
        print("| workload | size | movies | baseline | ratio | target | baseline is |")
        print("|---|---|---|---|---|---|---|")
    }

    func add(_ row: BenchRow) {
        let ours = "\(Format.number(row.ours)) \(row.unit)"
        let baseline = row.baseline.map { "\(Format.number($0)) \(row.unit)" } ?? "—"
        let ratio = row.ratio.map(Format.number) ?? "—"
        let target =
            row.target == nil && row.baseline == nil && row.workload.contains("watch")
            ? (row.ours <= 100 ? "ok (≤ 100 ms)" : "MISS (> 100 ms)") : row.verdict
        // Each row on its own write, so a long run shows its progress even when piped.
        StandardStreams.output(
            "| \(row.workload) | \(row.size) | \(ours) | \(baseline) | \(ratio) | \(target) | \(row.baselineName) |\n"
        )
    }

    func footer() {
        StandardStreams.output("\n")
        StandardStreams.output(
            "Run it yourself: swift run -c release movies-bench\(configuration.quick ? " --quick" : "")\n")
    }
}

/// Builds the `movies` binary the benchmark runs.
enum BinaryBuilder {
    /// `swift build -c release --product movies --static-swift-stdlib`, in its own build folder so the
    /// static flags never force a rebuild of the folder `swift run` uses.
    static func buildReleaseBinary() throws -> String {
        let package = FileManager.default.currentDirectoryPath
        let scratch = package + "/.build/static"
        guard let swift = Processes.which("swift") else { throw BenchError("swift is not on PATH") }
        StandardStreams.error("  building movies (release, static Swift runtime)…\n")
        let built = try Processes.run(
            swift,
            [
                "build", "-c", "release", "--product", "movies", "--static-swift-stdlib", "--scratch-path",
                scratch,
            ])
        guard built.status == 0 else {
            throw BenchError(
                "swift build failed; run it by hand: swift build -c release --product movies --static-swift-stdlib"
            )
        }
        return scratch + "/release/movies"
    }
}
