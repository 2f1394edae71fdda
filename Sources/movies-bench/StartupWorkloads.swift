/// What a process pays before it does anything: `movies --version` against the `sqlite3` command.
extension Workloads {
    /// `movies --version` against `sqlite3 :memory: 'select 1'`, interleaved: both load their libraries
    /// and start their runtime, print a line and end, so the ratio is the cost of starting the program.
    func version() throws -> BenchRow {
        var ours: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<(configuration.runs * 4) {
            ours.append(
                try Processes.check(configuration.movies, ["--version"], environment: environment)
                    .milliseconds)
            baseline.append(
                try Processes.check(configuration.sqlite3, [":memory:", "select 1"]).milliseconds)
        }
        return BenchRow(
            workload: "`movies --version` (start-up)", size: "—", ours: Clock.median(ours),
            baseline: Clock.median(baseline), target: 1.15, baselineName: "`sqlite3 :memory: 'select 1'`")
    }
}
