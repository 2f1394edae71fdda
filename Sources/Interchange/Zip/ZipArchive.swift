import CZipLoader

/// libzip as this process sees it: loaded with `dlopen` on the first zip, never before.
///
/// Only `movies import` of a `.zip` needs it; linked, every command would load it at start-up. A
/// machine without it imports the unzipped folder instead, and is told so.
package enum ZipLibrary {
    /// Why zip files cannot be read here (dlerror's text), or nil when libzip is usable (loads it).
    package static var unavailableReason: String? {
        movies_zip_load() != 0 ? nil : String(cString: movies_zip_load_error())
    }
}

/// What libzip reported: its error code (`ZIP_ER_*`) and message.
package struct ZipError: Error, Sendable, CustomStringConvertible {
    let code: Int32
    let message: String

    init(_ error: movies_zip_error) {
        code = error.code
        message = withUnsafeBytes(of: error.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// The entry is encrypted: no password is ever asked for, so it cannot be read.
    var isEncrypted: Bool {
        [MOVIES_ZIP_NO_PASSWORD, MOVIES_ZIP_WRONG_PASSWORD, MOVIES_ZIP_ENCRYPTION_UNSUPPORTED]
            .map { Int32($0.rawValue) }.contains(code)
    }

    var isUnsupportedCompression: Bool { code == Int32(MOVIES_ZIP_COMPRESSION_UNSUPPORTED.rawValue) }
    var isNotZip: Bool { code == Int32(MOVIES_ZIP_NOT_ZIP.rawValue) }
    var isInconsistent: Bool { code == Int32(MOVIES_ZIP_INCONSISTENT.rawValue) }

    package var description: String { message }
}

/// A zip archive open for reading, in place: its central directory is read on opening, and each entry
/// is inflated only as it is read.
package final class ZipArchive {
    /// What an entry is, from its name and its external attributes.
    enum Kind {
        case regularFile, directory, symbolicLink, other
    }

    private let handle: OpaquePointer
    /// The bytes of an archive opened from memory, which libzip reads until it is closed.
    private let memory: UnsafeMutableRawBufferPointer?

    /// Opens the archive at `path` (libzip is loaded first; `ZipLibrary.unavailableReason` says
    /// whether it can be).
    package init(path: String) throws(ZipError) {
        var error = movies_zip_error()
        guard let handle = movies_zip_open(path, &error) else { throw ZipError(error) }
        self.handle = handle
        memory = nil
    }

    /// Opens an archive held in memory (for the fuzzer and tests), copying `bytes`.
    package init(bytes: some Collection<UInt8>) throws(ZipError) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
        copy.copyBytes(from: bytes)
        var error = movies_zip_error()
        guard let handle = movies_zip_open_memory(copy.baseAddress, UInt64(bytes.count), &error) else {
            copy.deallocate()
            throw ZipError(error)
        }
        self.handle = handle
        memory = copy
    }

    deinit {
        movies_zip_close(handle)
        memory?.deallocate()
    }

    /// How many entries the archive lists.
    var entryCount: Int { Int(clamping: movies_zip_entry_count(handle)) }

    /// The name of entry `index` (UTF-8, or CP437 read as zip tools do), or nil when it has none.
    func name(at index: Int) -> String? {
        movies_zip_entry_name(handle, UInt64(index)).map { String(cString: $0) }
    }

    /// What entry `index` is.
    func kind(at index: Int) -> Kind {
        switch movies_zip_entry_kind_of(handle, UInt64(index)) {
        case MOVIES_ZIP_ENTRY_REGULAR: .regularFile
        case MOVIES_ZIP_ENTRY_DIRECTORY: .directory
        case MOVIES_ZIP_ENTRY_SYMLINK: .symbolicLink
        default: .other
        }
    }

    /// Opens entry `index` for reading.
    func open(at index: Int) throws(ZipError) -> ZipEntryReader {
        var error = movies_zip_error()
        guard let entry = movies_zip_entry_open(handle, UInt64(index), &error) else { throw ZipError(error) }
        return ZipEntryReader(archive: self, handle: entry)
    }
}

/// One entry of a `ZipArchive`, inflated as it is read; the archive stays open while it lives.
final class ZipEntryReader {
    private let archive: ZipArchive
    private let handle: OpaquePointer

    fileprivate init(archive: ZipArchive, handle: OpaquePointer) {
        self.archive = archive
        self.handle = handle
    }

    deinit {
        movies_zip_entry_close(handle)
    }

    /// Reads up to `buffer.count` bytes into `buffer`: how many, 0 at the end (where libzip checks the
    /// CRC).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ZipError) -> Int {
        var error = movies_zip_error()
        let result = movies_zip_entry_read(handle, buffer.baseAddress, UInt64(buffer.count), &error)
        guard result >= 0 else { throw ZipError(error) }
        return Int(result)
    }
}
