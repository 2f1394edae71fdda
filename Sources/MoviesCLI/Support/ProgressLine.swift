import Basics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress display on stderr (`Refreshing feeds: 12/200`), redrawn in place.
///
/// Shown only on a terminal: scripts and logs get the summary line alone. Updates may come from any
/// thread; they are throttled to ten a second.
final class ProgressLine: Sendable {
    private let label: String
    private let isEnabled: Bool
    private let lastDraw = Locked<ContinuousClock.Instant?>(nil)

    init(label: String, isEnabled: Bool) {
        self.label = label
        self.isEnabled = isEnabled
    }

    /// Shows `done` of `total`.
    func update(_ done: Int, of total: Int) {
        draw("\(done)/\(total)", isLast: done == total)
    }

    /// Shows a count without a total (`Importing: 120000 rows`).
    func update(count: Int, unit: String) {
        draw("\(count) \(unit)")
    }

    /// Shows bytes moved, of a whole size when known (`Downloading ep1.mp3: 4.2 MB of 12.3 MB`).
    func update(bytes done: Int64, of total: Int64?) {
        draw(
            NewsText.byteCount(done) + (total.map { " of " + NewsText.byteCount($0) } ?? ""),
            isLast: done == total)
    }

    /// Shows a text of the caller's (`Loading: title.basics.tsv.gz 42%`).
    func update(_ text: String) {
        draw(text)
    }

    /// Redraws the line with `text`, at most ten times a second; the last update always shows.
    private func draw(_ text: String, isLast: Bool = false) {
        guard isEnabled else { return }
        let now = ContinuousClock.now
        let shouldDraw = lastDraw.withLock { last in
            guard isLast || last.map({ now - $0 > .milliseconds(100) }) ?? true else { return false }
            last = now
            return true
        }
        if shouldDraw {
            FileDescriptorWriter.write("\r\u{1B}[K\(label): \(text)", to: STDERR_FILENO)
        }
    }

    /// Clears the line.
    func finish() {
        if isEnabled {
            FileDescriptorWriter.write("\r\u{1B}[K", to: STDERR_FILENO)
        }
    }
}
