/// Where a diary's catalog lives: beside it, named after it.
///
/// A file of its own, so a backup of the diary stays the diary's size (the catalog is about a
/// gigabyte and is rebuilt from IMDb's files at will), and two diaries in one folder have two catalogs.
package enum CatalogLocation {
    /// `movies.catalog.sqlite` beside `movies.sqlite`; `.catalog.sqlite` appended to a name without
    /// the `.sqlite` extension (`diary.db.catalog.sqlite`).
    package static func path(forDiary diary: String) -> String {
        let suffix = ".sqlite"
        if diary.hasSuffix(suffix), diary.count > suffix.count, !diary.hasSuffix("/" + suffix) {
            return String(diary.dropLast(suffix.count)) + ".catalog" + suffix
        }
        return diary + ".catalog" + suffix
    }
}
