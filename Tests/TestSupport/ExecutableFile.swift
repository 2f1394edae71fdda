import Foundation
import Testing

/// Writes a program a test then runs: a copy of `movies` in another place (a folder another user can
/// enter, a fake install), or a small script (a fake browser or pager).
///
/// The file is written by a process of its own (`cp`, `sh`), never through a descriptor of this
/// process: tests run in parallel, and a process another test forks while this one holds the new file
/// open for writing inherits that descriptor (Foundation opens it without `O_CLOEXEC`), so running the
/// file fails with "Text file busy" (ETXTBSY) for as long as that process lives. A descriptor opened in
/// the writing process is inherited by nobody here.
public enum ExecutableFile {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Copies `source` to `destination`, keeping its mode.
    public static func copy(from source: String, to destination: String) throws {
        let result = try ProcessRunner.run("/bin/cp", ["-p", "--", source, destination])
        guard result.status == 0 else { throw Failure(description: "cp \(source) \(destination): \(result)") }
    }

    /// Writes `text` to `path`, mode 0755.
    public static func write(_ text: String, to path: String) throws {
        let result = try ProcessRunner.run(
            "/bin/sh", ["-c", "cat > \"$1\" && chmod 755 \"$1\"", "sh", path], input: text)
        guard result.status == 0 else { throw Failure(description: "writing \(path): \(result)") }
    }
}
