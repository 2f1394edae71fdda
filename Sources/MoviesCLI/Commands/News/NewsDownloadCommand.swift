import Basics
import Feeds
import FoundationEssentials
import MoviesCore
import News
import UserFacing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `movies news download`: see docs/COMMANDS.md, written from the declarations below.
struct NewsDownloadCommand: Command {
    static let about = CommandAbout(
        name: "download",
        abstract: "Download an item's enclosure (a podcast episode) into a folder, as podboat does.",
        discussion: """
            The file is named after the last part of its address and written first to a hidden \
            .NAME.part beside it; a download cut off is resumed from there the next time (an HTTP Range \
            request, with If-Range: a file changed on the server since is downloaded again whole), and \
            only a complete file takes its name. A .part this program did not leave there is refused and \
            left as it is. A file of that name is never overwritten: the download is refused. A file \
            whose declared size is over --max-size is refused before anything is written; one that grows \
            past it is stopped and removed. Progress is shown on stderr at a terminal.
            """,
        examples: ["movies news download 12", "movies news download 12 --to ~/Podcasts --enclosure 2"])

    @Argument("id", help: "The item's id, as `news list` shows it.")
    var id: NewsItemID
    @Option(
        "enclosure", short: "e", valueName: "n", help: "Which of the item's enclosures (see `news show`).")
    var enclosure: Count = Count(1)
    @Option("to", valueName: "folder", help: "The folder to download into.", completion: .file)
    var folder: String = "."
    @Option("max-size", valueName: "megabytes", help: "The largest file accepted, in megabytes (10^6 bytes).")
    var maxSize = Megabytes(within: 2_000)
    @Option("timeout", valueName: "seconds", help: "How long the whole download may take, in seconds.")
    var timeout = Seconds(within: 3_600)

    func run(in context: CommandContext) async throws {
        let news = try context.dependencies().news
        guard let item = try news.item(id: id.rawValue) else { throw NewsError.itemNotFound(id: id.rawValue) }
        let enclosures = try news.enclosures(ofItem: item.id)
        guard enclosure.value <= enclosures.count else {
            throw CommandFailure(
                message: enclosures.isEmpty
                    ? "News item \(item.id) has no enclosure to download"
                    : "News item \(item.id) has \(RefreshReport.counted(enclosures.count, "enclosure")), "
                        + "not \(enclosure.value) (news show \(item.id) lists them)",
                exitCode: .failure)
        }
        let address = enclosures[enclosure.value - 1].url
        guard WebAddress.isWeb(address), let url = URL(string: address) else {
            throw CommandFailure(
                message:
                    "The enclosure's address is not an http(s) address: \(TerminalText.singleLine(address))",
                exitCode: .dataError)
        }
        let name = EnclosureDownloader.fileName(
            for: url, fallback: "item-\(item.id)-\(enclosure.value)",
            maximumBytes: EnclosureDownloader.longestFileName(in: folder))
        let downloader = EnclosureDownloader(maximumBytes: maxSize.bytes, timeout: timeout.duration)
        let progress = ProgressLine(
            label: "Downloading " + TerminalText.truncated(name, to: 40),
            isEnabled: context.terminal.isErrorInteractive)
        // Ctrl-C (or SIGTERM) stops the transfer with its part recorded, then ends the process by the
        // signal: the next download resumes the part (one killed outright leaves a part it cannot trust).
        let interrupt = InterruptFlag(signals: [SIGINT, SIGTERM])
        defer { interrupt.restore() }
        let folder = folder
        let download = Task {
            try await downloader.download(url, into: folder, fileName: name, ledger: news) { done, total in
                progress.update(bytes: done, of: total)
            }
        }
        let downloaded: EnclosureDownloader.Downloaded
        do {
            downloaded = try await interrupt.value(cancellingOnSignal: download)
        } catch {
            progress.finish()
            if interrupt.isRaised {
                context.errors.line(userFacingMessage(for: error))
                context.errors.flush()
                interrupt.endProcessBySignal()
            }
            throw error
        }
        progress.finish()
        context.output.line(
            "Downloaded \(TerminalText.singleLine(downloaded.path)) (\(NewsText.byteCount(downloaded.bytes))"
                + (downloaded.resumedFrom > 0
                    ? ", resumed after \(NewsText.byteCount(downloaded.resumedFrom))" : "")
                + ")")
    }
}

/// A download's refusals and failures as the command line reports them: the sentence `DownloadError`
/// writes (never re-capitalised: it may start with a path), 75 for a download of the same file in
/// progress (try again later), 1 otherwise.
extension DownloadError: UserFacingError {
    package var message: String { description }

    package var exitCode: ExitCode {
        if case .inProgress = self { return .temporaryFailure }
        return .failure
    }
}
