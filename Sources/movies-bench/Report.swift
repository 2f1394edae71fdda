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
    /// The installed build, made as the README's install step makes it (`Scripts/install.sh
    /// --build-only`: release, static Swift runtime and libstdc++, no exported symbols, stripped), so
    /// the benchmark measures what a user runs.
    static func buildReleaseBinary() throws -> String {
        let package = FileManager.default.currentDirectoryPath
        StandardStreams.error("  building movies as Scripts/install.sh installs it…\n")
        let built = try Processes.run(package + "/Scripts/install.sh", ["--build-only"], captureOutput: true)
        guard built.status == 0, let folder = built.output.split(separator: "\n").last else {
            throw BenchError("Scripts/install.sh --build-only failed; run it by hand to see why")
        }
        return package + "/" + folder + "/movies"
    }
}
