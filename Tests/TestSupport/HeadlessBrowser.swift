import Foundation

/// Headless Chromium driven through the DevTools protocol over a pipe (`--remote-debugging-pipe`:
/// the browser reads commands on descriptor 3 and writes answers and events on 4, each a JSON message
/// ended by a NUL byte), for the tests of the pages `movies` writes.
///
/// The page is measured from outside (`Runtime.evaluate`), so the page under test stays the one written
/// for the user, without a script. The viewport is set by `Emulation.setDeviceMetricsOverride`, since a
/// headless window is never narrower than 500 pixels, and the colour scheme by
/// `Emulation.setEmulatedMedia`. Every step waits for the browser's own answer or event, never a clock.
public final class HeadlessBrowser {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let processID: pid_t
    /// The browser's own profile folder, removed when it has closed.
    private let profile: String
    private let commands: FileHandle
    private let answers: FileHandle
    private var buffer = Data()
    private var nextID = 0
    private var session = ""
    /// Events read while waiting for an answer, for `waitForEvent`.
    private var events: [String] = []

    public init() throws {
        guard let program = ProcessRunner.which("chromium") else {
            throw Failure(description: Tool.chromium.missingReason)
        }
        let toBrowser = Pipe()
        let fromBrowser = Pipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser.fileHandleForReading.fileDescriptor, 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser.fileHandleForWriting.fileDescriptor, 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        profile =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "movies-chromium-\(UUID().uuidString)"
            ).path
        let arguments = [
            program, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--user-data-dir=\(profile)", "--remote-debugging-pipe", "about:blank",
        ]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var spawned: pid_t = 0
        let status = posix_spawn(&spawned, program, &actions, nil, argv, environ)
        guard status == 0 else { throw Failure(description: "chromium could not start: \(status)") }
        processID = spawned
        try? toBrowser.fileHandleForReading.close()
        try? fromBrowser.fileHandleForWriting.close()
        commands = toBrowser.fileHandleForWriting
        answers = fromBrowser.fileHandleForReading
        let targets = try send("Target.getTargets", session: false)
        let infos = (targets["targetInfos"] as? [[String: Any]]) ?? []
        guard let page = infos.first(where: { $0["type"] as? String == "page" })?["targetId"] as? String
        else {
            throw Failure(description: "no page in \(targets)")
        }
        let attached = try send(
            "Target.attachToTarget", ["targetId": page, "flatten": true], session: false)
        session = attached["sessionId"] as? String ?? ""
        _ = try send("Page.enable")
    }

    deinit {
        _ = try? send("Browser.close", session: false)
        try? commands.close()
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// Opens `url` in a viewport `width` pixels wide, in the light or dark colour scheme, and waits for
    /// its load event.
    public func open(_ url: URL, width: Int, height: Int = 900, dark: Bool = false) throws {
        _ = try send(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        _ = try send(
            "Emulation.setEmulatedMedia",
            ["features": [["name": "prefers-color-scheme", "value": dark ? "dark" : "light"]]])
        events.removeAll()
        _ = try send("Page.navigate", ["url": url.absoluteString])
        try waitForEvent("Page.loadEventFired")
    }

    /// The value of a JavaScript expression in the page (JSON-compatible), awaited when it is a promise.
    public func evaluate(_ expression: String) throws -> Any? {
        let result = try send(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] {
            throw Failure(description: "\(expression) threw \(exception)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// A PNG of the whole page (beyond the viewport), as base64.
    public func screenshot() throws -> String {
        let result = try send("Page.captureScreenshot", ["format": "png", "captureBeyondViewport": true])
        guard let data = result["data"] as? String else { throw Failure(description: "no screenshot") }
        return data
    }

    @discardableResult
    private func send(_ method: String, _ parameters: [String: Any] = [:], session: Bool = true) throws
        -> [String: Any]
    {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if session { message["sessionId"] = self.session }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        try commands.write(contentsOf: data)
        while true {
            let answer = try nextMessage()
            if let event = answer["method"] as? String { events.append(event) }
            if answer["id"] as? Int == id {
                if let error = answer["error"] { throw Failure(description: "\(method): \(error)") }
                return answer["result"] as? [String: Any] ?? [:]
            }
        }
    }

    private func waitForEvent(_ method: String) throws {
        if events.contains(method) { return }
        while try nextMessage()["method"] as? String != method {}
    }

    /// The next message the browser writes, read until its NUL.
    private func nextMessage() throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = buffer[buffer.startIndex..<end]
                buffer = Data(buffer[(end + 1)...])
                return (try JSONSerialization.jsonObject(with: message)) as? [String: Any] ?? [:]
            }
            // availableData: what one read(2) gives (read(upToCount:) would wait for the whole count).
            let more = answers.availableData
            guard !more.isEmpty else {
                throw Failure(description: "chromium closed its pipe")
            }
            buffer.append(more)
        }
    }
}
