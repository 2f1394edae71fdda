// movies-bench: the performance figures of the promise "as fast as SQLite itself, from Swift" (docs/PERFORMANCE.md).
//
// Every figure is a ratio against a baseline measured in the same run on the same machine (raw SQLite C
// calls, the sqlite3 command), so it holds on a noisy 2-core box. Usage:
//
//     swift run -c release movies-bench [--quick] [--rows N] [--runs N] [--binary PATH]
//
// --quick runs every workload at small sizes (CI runs it so the benchmark never rots); --rows sets the
// "million-row" size, --catalog-rows the generated title.basics (11 million in a full run); --binary measures another build of movies (by default it builds one, release,
// as Scripts/install.sh --build-only builds it).

import FoundationEssentials
import Glibc
import MoviesCore

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
/// The workloads in the order they run; `--only` takes a comma-separated list of these names.
let workloadNames = [
    "version", "fetch", "add", "import", "list", "search", "show", "stats", "year", "news", "warm-news",
    "watch",
    "memory", "catalog", "find",
]
if arguments.contains("--help") || arguments.contains("-h") {
    print(
        "usage: movies-bench [--quick] [--rows N] [--catalog-rows N] [--runs N] [--binary PATH] [--only NAME,...] [--keep]"
    )
    print("workloads: " + workloadNames.joined(separator: ", "))
    exit(0)
}
let only = option("--only").map { Set($0.split(separator: ",").map(String.init)) }
if let unknown = only?.subtracting(workloadNames).sorted(), !unknown.isEmpty {
    StandardStreams.error(
        "movies-bench: no workload named \(unknown.joined(separator: ", ")); the workloads are "
            + workloadNames.joined(separator: ", ") + "\n")
    exit(2)
}
let quick = arguments.contains("--quick")

do {
    let sqlite3 = Processes.which("sqlite3") ?? "/usr/bin/sqlite3"
    guard FileManager.default.isExecutableFile(atPath: sqlite3) else {
        throw BenchError("the sqlite3 command is needed")
    }
    let movies = try option("--binary") ?? BinaryBuilder.buildReleaseBinary()
    let folder = Processes.temporaryFolder + "/movies-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { if !arguments.contains("--keep") { try? FileManager.default.removeItem(atPath: folder) } }

    let configuration = Configuration(
        quick: quick, bigRows: option("--rows").flatMap(Int.init) ?? (quick ? 20_000 : 1_000_000),
        runs: option("--runs").flatMap(Int.init) ?? (quick ? 2 : 5), movies: movies, sqlite3: sqlite3)
    let workloads = Workloads(
        configuration: configuration, fixtures: Fixtures(folder: folder, movies: movies, sqlite3: sqlite3))
    let report = Report(configuration: configuration)
    report.header()
    let steps: [(String, () throws -> [BenchRow])] = [
        ("version", { [try workloads.version()] }),
        ("fetch", { [try workloads.fetch()] }),
        ("add", { try workloads.addProcess() }),
        ("import", { [try workloads.importCSV()] }),
        ("list", { try workloads.listPages() }),
        ("search", { [try workloads.search()] + (try workloads.searchUnspaced()) }),
        ("show", { [try workloads.show()] }),
        ("stats", { [try workloads.stats()] }),
        ("year", { try workloads.year() }),
        ("news", { [try workloads.newsRefresh()] }),
        ("warm-news", { [try workloads.warmNewsRefresh()] }),
        ("watch", { [try workloads.watchLatency()] }),
        ("memory", { [try workloads.importMemory()] }),
        ("catalog", { try workloads.catalogLoad() }),
        ("find", { [try workloads.catalogFind()] }),
    ]
    precondition(steps.map(\.0) == workloadNames, "workloadNames lists the steps in their order")
    for (name, step) in steps where only?.contains(name) ?? true {
        StandardStreams.error("  running \(name)…\n")
        for row in try step() {
            report.add(row)
        }
    }
    report.footer()
} catch {
    StandardStreams.error("movies-bench: \(error)\n")
    exit(1)
}
