import App
import Basics
import FoundationEssentials

extension ReplacedLists {
    /// The paths of the kept copies, oldest first: what the tests look for beside the database after a
    /// restore (the program itself never lists them).
    func paths() -> [String] {
        let (folder, name) = FolderEntry.split(databasePath)
        let prefix = name + Self.marker
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return
            entries
            .filter { $0.hasPrefix(prefix) && !$0.hasSuffix(".tmp") && DatabaseFiles.isBaseName($0) }
            .sorted()
            .map { folder == "." && !databasePath.hasPrefix("./") ? $0 : folder + "/" + $0 }
    }
}
