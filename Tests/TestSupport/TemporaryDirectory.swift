import Foundation

/// A fresh folder under the system's temporary directory, removed when the value is released.
///
/// Every test that touches the file system gets its own, so tests run in parallel without sharing files.
public final class TemporaryDirectory: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Creates a new, empty folder.
    public init() {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/movies-tests.XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "cannot create a temporary directory under \(base)")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/name`.
    public func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes `text` to `name` in this folder and returns the file's path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let target = file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        return target
    }
}

/// The bytes of a file (nil when it does not exist), for "nothing was changed" assertions.
///
/// Only for a database no connection of this process has open: closing the descriptor used here would
/// drop that connection's POSIX locks (https://www.sqlite.org/howtocorrupt.html).
public func fileSnapshot(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
}

/// Whether a file or folder exists at `path`.
public func fileExists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
}

/// The permission bits of `path` (e.g. 0o600), or nil.
public func permissions(of path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
}
