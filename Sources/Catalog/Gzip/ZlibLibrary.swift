import CZlibLoader

/// zlib as this process sees it: loaded with `dlopen` on the first gzip file, never before.
///
/// Only `movies catalog load` (and the benchmark) reads or writes gzip; linked, every command would
/// load zlib at start-up.
package enum ZlibLibrary {
    /// Why gzip files cannot be read here (dlerror's text), or nil when zlib is usable (loads it).
    package static var unavailableReason: String? {
        movies_zlib_load() != 0 ? nil : String(cString: movies_zlib_load_error())
    }
}

/// The text zlib wrote into a message buffer.
func zlibMessage(_ buffer: [CChar]) -> String {
    buffer.withUnsafeBufferPointer { pointer in
        String(decoding: pointer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
