import MoviesCore

/// How text for people draws a rating's stars: `★★★½` when the locale's character set is UTF-8,
/// `***1/2` otherwise (`LANG=C`), as the bar charts of `movies stats` draw `#` there (`ChartStyle`).
///
/// Decided once per run from the environment (`CommandContext.glyphs`) and handed to every text that
/// shows stars: tables, `show`, `diary`, the shell. The machine formats (json, csv, tsv) keep their
/// values whatever the locale, and the HTML and SVG pages are UTF-8 files.
struct Glyphs: Sendable {
    /// `★` and `½` (a UTF-8 locale), or `*` and `1/2`.
    var usesUnicode: Bool

    init(usesUnicode: Bool) {
        self.usesUnicode = usesUnicode
    }

    /// Unicode when the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set names UTF-8
    /// (`ChartStyle.isUTF8`).
    init(environment: [String: String]) {
        self.init(usesUnicode: ChartStyle.isUTF8(environment: environment))
    }

    /// `★★★½`, or `***1/2`: whole stars, then a half, as Letterboxd draws them. In ASCII a half is
    /// `1/2` (as `½` reads), after the whole stars with no space: ½ star is `1/2`, 5 stars `*****`.
    func stars(_ stars: StarRating) -> String {
        let (star, half) = usesUnicode ? ("★", "½") : ("*", "1/2")
        return String(repeating: star, count: stars.halfStars / 2) + (stars.halfStars % 2 == 1 ? half : "")
    }

    /// The widest stars drawn (4½: `★★★★½`, `****1/2`), for a column measured before its rows are read.
    var widestStars: String {
        StarRating(halfStars: 9).map(stars) ?? ""
    }
}
