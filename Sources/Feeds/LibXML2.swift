import CXML2Loader

/// libxml2 as this process sees it: loaded with `dlopen` on the first parse, never before.
///
/// Linking libxml2 (FoundationXML did) makes every `movies` command load libxml2, ICU, zlib and
/// liblzma at start-up, although only the news commands read XML. Loaded lazily, a machine without
/// libxml2 still runs every other command and gets a clear error when it reads a feed.
enum LibXML2 {
    /// Why XML cannot be read on this machine, or nil when libxml2 is usable (loads it).
    static var unavailableMessage: String? {
        guard movies_xml_load() == 0 else { return nil }
        let name = String(cString: movies_xml_library_name())
        let install = "install it (Debian and Ubuntu: apt-get install libxml2)"
        if movies_xml_load_missing() != 0 {
            return "cannot read XML: \(name) is not installed; \(install)"
        }
        return "cannot read XML: \(name) could not be loaded (\(String(cString: movies_xml_load_error()))); "
            + install
    }

    /// How many times libxml2 asked for an external resource in this process (each one refused).
    static var externalRequests: Int {
        movies_xml_external_requests()
    }

    /// The code point of an HTML 4 named reference (`eacute`), from libxml2's table; nil when unknown.
    static func htmlEntity(_ name: ArraySlice<UInt8>) -> UInt32? {
        let value = name.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { movies_xml_html_entity($0.baseAddress, $0.count) }
        }
        return value == 0 ? nil : value
    }
}
