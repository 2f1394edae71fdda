import MoviesCore
import ViewModels

/// The shell's diary screen: viewings newest first, a page at a time, over `DiaryViewModel`.
///
/// `list` shows the entries loaded so far, `more` the next page, `refresh` reads them again, `retry`
/// follows a failure; `log` logs a viewing (a form at a terminal when no film is given), `edit` and `rm`
/// change or remove one by its id, `movies` goes back. At a terminal the diary follows changes made
/// anywhere (another `movies`, `sqlite3`), and viewings that arrive are printed above the prompt.
@MainActor
final class DiaryScreen: PagedScreen {
    let diary: DiaryViewModel
    private let context: CommandContext
    private let console: any Console

    init(dependencies: Dependencies, filter: DiaryQuery, context: CommandContext, console: any Console) {
        diary = DiaryViewModel(dependencies: dependencies)
        diary.filter = filter
        self.context = context
        self.console = console
    }

    /// Shows the first page and, at a terminal, starts following changes.
    func enter() async {
        if console.isInteractive {
            let glyphs = context.glyphs
            diary.onNewEntries = { [console] entries in
                console.show(
                    entries.map { "+ " + DiaryText.line($0.viewing, of: $0.movie, glyphs: glyphs) + "\n" }
                        .joined())
            }
            // Before the first read, so nothing committed in between is missed.
            diary.startObservingChanges()
        }
        await diary.loadData()
        report(newEntries: diary.entries)
    }

    func leave() {
        diary.stopObservingChanges()
        diary.onNewEntries = nil
    }

    // MARK: - PagedScreen

    func showLoaded() {
        report(newEntries: diary.entries)
    }

    func more() async {
        guard diary.hasMoreData else {
            context.output.line("No more viewings.")
            return
        }
        let before = diary.entries.count
        await diary.loadMore()
        report(newEntries: Array(diary.entries.dropFirst(before)))
    }

    func refresh() async {
        await diary.refresh()
        report(newEntries: diary.entries)
    }

    func retry() async {
        guard case .error = diary.state else {
            context.output.line("Nothing to retry.")
            return
        }
        let before = diary.entries.count
        await diary.retry()
        report(newEntries: Array(diary.entries.dropFirst(before)))
    }

    /// Prints `newEntries` and what the diary's state says (an error, the end).
    private func report(newEntries: [DiaryEntry]) {
        if !newEntries.isEmpty {
            context.output.write(
                DiaryText.table(newEntries, terminal: context.terminal, glyphs: context.glyphs))
        }
        switch diary.state {
        case .error(let message):
            context.output.flush()
            context.errors.line("Error: \(message) (type retry to try again)")
        case .empty:
            context.output.line("No viewings. Type log <movie> to log one.")
        case .noMoreData where newEntries.isEmpty:
            context.output.line("No more viewings.")
        case .loaded:
            context.output.line(context.terminal.dim("(more: type more)"))
        default:
            break
        }
    }
}
