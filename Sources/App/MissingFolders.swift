import Basics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folders missing above a path, deepest first, so those a failed command created can go again
/// (`restore` into a new place; a command that created a list and then failed).
struct MissingFolders: Sendable {
    private let folders: [String]

    /// The folders missing above `path`; none for nil.
    init(above path: String?) {
        var missing: [String] = []
        guard let path else {
            folders = []
            return
        }
        var folder = FolderEntry.split(path).folder
        var info = stat()
        while !folder.isEmpty, folder != "/", folder != ".", stat(folder, &info) != 0, errno == ENOENT {
            missing.append(folder)
            folder = FolderEntry.split(folder).folder
        }
        folders = missing
    }

    /// Removes them, deepest first; a folder something else was put in meanwhile stays (`rmdir`).
    func remove() {
        for folder in folders { rmdir(folder) }
    }
}
