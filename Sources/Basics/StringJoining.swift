extension Array where Element == String {
    /// The strings one after another with `separator` between them: the standard library's
    /// `joined(separator:)`, which this overload shadows for `[String]` wherever Basics is visible.
    ///
    /// Why: the standard library's version is not inlinable, so every call goes through its generic
    /// entry point, and the first one in a process resolves `Array<String>`'s `Element` by its mangled
    /// name, which scans every protocol conformance record in the binary (4,000 of them). That first
    /// call cost `movies list`, `show`, `search` and `add` 180,000 instructions each (callgrind), 2 % of
    /// the command. Written on `String`'s own appends, nothing here is generic; inlinable so that the
    /// `@inlinable` code of other modules uses it too.
    @inlinable public func joined(separator: String = "") -> String {
        guard let first else { return "" }
        var length = separator.utf8.count * (count - 1)
        for piece in self { length += piece.utf8.count }
        var result = first
        result.reserveCapacity(length)
        for piece in dropFirst() {
            result += separator
            result += piece
        }
        return result
    }
}
