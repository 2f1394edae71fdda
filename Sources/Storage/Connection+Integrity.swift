extension Connection {
    /// What `PRAGMA integrity_check` finds wrong with the main database, at most `limit` lines; empty when
    /// it answers `ok`. It reads every page and checks every b-tree, index entry and constraint, so it
    /// costs about what reading the whole file costs. https://www.sqlite.org/pragma.html#pragma_integrity_check
    public func integrityProblems(limit: Int = 10) throws -> [String] {
        // The pragma takes no parameters; `limit` is an Int, so interpolating it is safe.
        let lines = try prepare("PRAGMA integrity_check(\(max(1, limit)))").fetchAll { $0.string(at: 0) }
        return lines == ["ok"] ? [] : lines
    }
}
