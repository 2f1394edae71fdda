/// Formats byte counts for error messages ("10 MB", "11.5 MB", "512 bytes").
enum ByteCount {
    /// A short human form, in binary units, without trailing ".0" for whole numbers.
    static func describe(_ bytes: Int) -> String {
        let units: [(String, Int)] = [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)]
        for (name, size) in units where bytes >= size {
            let tenths = (bytes * 10 + size / 2) / size
            if tenths % 10 == 0 {
                return "\(tenths / 10) \(name)"
            }
            return "\(tenths / 10).\(tenths % 10) \(name)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
