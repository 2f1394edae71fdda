#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file path as POSIX sees it: bytes, with `/` between names. No Foundation (whose `NSString` path
/// methods trapped on `~/x.sqlite`), no normalising, no `~`: what the user gave is what the kernel gets.
///
/// Splitting happens only at `/`, an ASCII byte, so every piece of valid UTF-8 stays valid UTF-8.
enum PathText {
    private static let slash = UInt8(ascii: "/")

    /// The folder that holds `path`'s last name: `a/b` for `a/b/c`, `/` for `/c`, "" for `c` (the current
    /// folder). Repeated and trailing slashes are skipped, as the kernel skips them.
    static func folder(of path: String) -> String {
        let bytes = Array(path.utf8)
        var end = bytes.count
        while end > 1 && bytes[end - 1] == slash { end -= 1 }
        guard let lastSlash = bytes[..<end].lastIndex(of: slash) else { return "" }
        var folderEnd = lastSlash
        while folderEnd > 0 && bytes[folderEnd - 1] == slash { folderEnd -= 1 }
        if folderEnd == 0 { return "/" }
        return String(decoding: bytes[..<folderEnd], as: UTF8.self)
    }

    /// Whether `path` can only name a folder: it ends in `/`, or its last name is `.` or `..`.
    static func namesFolder(_ path: String) -> Bool {
        let dot = UInt8(ascii: ".")
        var dots = 0
        for byte in path.utf8.reversed() {
            if byte == slash { return true }
            guard byte == dot else { return false }
            dots += 1
            if dots > 2 { return false }
        }
        return dots > 0
    }

    /// The last name in `path` (`c` for `a/b/c`), "" when it ends in `/`.
    static func lastName(of path: String) -> String {
        guard let slashIndex = path.utf8.lastIndex(of: slash) else { return path }
        return String(decoding: path.utf8[path.utf8.index(after: slashIndex)...], as: UTF8.self)
    }

    /// `path` made absolute against the current folder (without resolving links or `..`), or nil when the
    /// current folder cannot be named (it was removed, or is too deep).
    static func absolute(_ path: String) -> String? {
        if path.utf8.first == slash { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return folder == "/" ? "/" + path : folder + "/" + path
    }

    /// The name to hand SQLite for `path`: a relative path gets `./` in front.
    ///
    /// SQLite gives some names a meaning of their own: `:memory:` is a database in memory that is never
    /// saved, "" a temporary one, and `file:...` a URI with options (this build of SQLite is compiled with
    /// `SQLITE_USE_URI`, so even `sqlite3_open_v2` without `SQLITE_OPEN_URI` reads URIs:
    /// https://www.sqlite.org/uri.html). `./` names the same file and none of those, so a path is always a
    /// path. An absolute path starts with `/`, which none of them does.
    static func sqliteName(for path: String) -> String {
        path.utf8.first == slash ? path : "./" + path
    }

    /// The URI that opens `path` read-only and `immutable` (https://www.sqlite.org/uri.html): `file:` and
    /// the path with every byte but unreserved ones and `/` percent-encoded, so `?`, `#` and `%` in a name
    /// stay part of it. A relative path stays relative (a URI without an authority), with `./` before it
    /// as `sqliteName(for:)` puts it: SQLite decodes the path and takes a decoded `:memory:` for an
    /// in-memory database.
    static func immutableURI(for path: String) -> String {
        var uri = "file:"
        for byte in sqliteName(for: path).utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), slash:
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                uri.unicodeScalars.append("%")
                uri.unicodeScalars.append(digits[Int(byte >> 4)])
                uri.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
        }
        return uri + "?immutable=1"
    }
}
