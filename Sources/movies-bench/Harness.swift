import Dispatch
import FoundationEssentials

/// One row of the benchmark table: a workload timed for this project and for its baseline.
struct BenchRow {
    var workload: String
    var size: String
    /// This project's median, in the row's unit.
    var ours: Double
    /// The baseline's median; nil for rows that only report.
    var baseline: Double?
    var unit: String = "ms"
    /// The target for `ratio`, e.g. 1.3; nil for "report".
    var target: Double?
    /// What the baseline is, for the table's last column.
    var baselineName: String

    var ratio: Double? { baseline.map { ours / max($0, 1e-9) } }

    var verdict: String {
        guard let target else { return "report" }
        guard let ratio else { return "" }
        return ratio <= target ? "ok (≤ \(Format.number(target)))" : "MISS (> \(Format.number(target)))"
    }
}

/// Timing helpers: wall-clock medians of repeated runs.
enum Clock {
    /// Runs `body` `runs` times and returns the median duration in milliseconds. `prepare` runs before
    /// each timed run, untimed (fresh copies of files and the like).
    static func median(runs: Int, prepare: () throws -> Void = {}, _ body: () throws -> Void) rethrows
        -> Double
    {
        var samples: [Double] = []
        for _ in 0..<max(1, runs) {
            try prepare()
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        return median(samples)
    }

    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// Number formatting for the table.
enum Format {
    static func number(_ value: Double) -> String {
        if value >= 100 { return fixed(value, decimals: 0) }
        if value >= 10 { return fixed(value, decimals: 1) }
        return fixed(value, decimals: 2)
    }

    /// `value` rounded to `decimals` places, as `%.Nf` prints it (FoundationEssentials has no
    /// `String(format:)`).
    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 1e15 else { return String(value) }
        let digits = String(Int64(scaled))
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        let whole = padded.dropLast(decimals)
        let fraction = padded.suffix(decimals)
        return (value < 0 && scaled > 0 ? "-" : "") + whole + (decimals > 0 ? "." + fraction : "")
    }

    static func count(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return String(result.reversed())
    }
}

/// The machine and versions, for the table's header.
enum Machine {
    static var description: String {
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":").last.map { $0.split(separator: " ").joined(separator: " ") }
            ?? "unknown CPU"
        let memory =
            (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("MemTotal") }
            .flatMap { line in line.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
            .map { "\($0 / 1_048_576) GiB" } ?? "? GiB"
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory)"
    }
}
