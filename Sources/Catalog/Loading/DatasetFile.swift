#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A dataset file given to a load: its kind (from its published name), path, size and modification time.
package struct DatasetFile: Sendable, Equatable {
    package var kind: DatasetKind
    package var path: String
    package var byteCount: Int
    /// The file's modification time, ISO-8601 UTC to the second.
    package var modifiedAt: String
    /// Whether the file is gzip, as IMDb publishes it (`.tsv.gz`), or already gunzipped (`.tsv`).
    package var isGzip: Bool { path.hasSuffix(".gz") }

    /// The files `paths` name: each a dataset file, or a folder whose dataset files (those of the
    /// five it holds) are taken. In load order; `title.basics` must be among them. A file is read as
    /// published (`title.basics.tsv.gz`) or gunzipped (`title.basics.tsv`); a folder holding both of one
    /// file gives the published one, which `gunzip` leaves only when told to keep it.
    package static func files(at paths: [String]) throws(CatalogError) -> [DatasetFile] {
        var files: [DatasetFile] = []
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                throw .missing(file: path, reason: String(cString: strerror(errno)))
            }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
                var found: [DatasetFile] = []
                for kind in DatasetKind.allCases {
                    for name in [kind.fileName, kind.plainFileName] {
                        let inside = folder + "/" + name
                        guard access(inside, F_OK) == 0 else { continue }
                        found.append(try file(kind: kind, path: inside))
                        break
                    }
                }
                guard !found.isEmpty else {
                    throw .missing(
                        file: path,
                        reason:
                            "the folder holds none of IMDb's dataset files (\(DatasetKind.titleBasics.fileName) or, gunzipped, \(DatasetKind.titleBasics.plainFileName), and the others)"
                    )
                }
                files += found
            } else {
                guard let kind = DatasetKind(path: path) else { throw .unknownFile(path) }
                files.append(try file(kind: kind, path: path))
            }
        }
        for kind in DatasetKind.allCases where files.filter({ $0.kind == kind }).count > 1 {
            throw .twice(kind)
        }
        guard files.contains(where: { $0.kind == .titleBasics }) else { throw .noBasics }
        return files.sorted { $0.kind < $1.kind }
    }

    private static func file(kind: DatasetKind, path: String) throws(CatalogError) -> DatasetFile {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .missing(file: path, reason: String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw .missing(file: path, reason: "not a regular file")
        }
        #if canImport(Darwin)
            let seconds = status.st_mtimespec.tv_sec
        #else
            let seconds = status.st_mtim.tv_sec
        #endif
        return DatasetFile(
            kind: kind, path: path, byteCount: Int(status.st_size), modifiedAt: utcTimestamp(seconds))
    }

    /// `2024-05-01T08:00:00Z` for seconds since 1970.
    static func utcTimestamp(_ seconds: time_t) -> String {
        var time = seconds
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
