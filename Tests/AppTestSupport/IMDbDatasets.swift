import Catalog
import TestSupport

/// Small files in the exact format of IMDb's datasets (https://developer.imdb.com/non-commercial-datasets/):
/// the published column names, tab-separated, `\N` for NULL, comma-separated lists of genres and names,
/// titles holding double quotes (which the files never escape), gzip-compressed, `title.basics` in two
/// gzip members.
public enum IMDbDatasets {
    public static let basics = """
        tconst\ttitleType\tprimaryTitle\toriginalTitle\tisAdult\tstartYear\tendYear\truntimeMinutes\tgenres
        tt0000001\tshort\tCarmencita\tCarmencita\t0\t1894\t\\N\t1\tDocumentary,Short
        tt0068699\tmovie\tHeat\tHeat\t0\t1972\t\\N\t100\tComedy,Drama
        tt0089213\tvideo\t"Weird Al" Yankovic: The Compleat Al\t"Weird Al" Yankovic: The Compleat Al\t0\t1985\t\\N\t\\N\t\\N
        tt0102926\tmovie\tThe Silence of the Lambs\tThe Silence of the Lambs\t0\t1991\t\\N\t118\tCrime,Drama,Thriller
        tt0113277\tmovie\tHeat\tHeat\t0\t1995\t\\N\t170\tAction,Crime,Drama
        tt0118715\tmovie\tThe Big Lebowski\tThe Big Lebowski\t0\t1998\t\\N\t117\tComedy,Crime
        tt0211915\tmovie\tAmélie\tLe fabuleux destin d'Amélie Poulain\t0\t2001\t\\N\t122\tComedy,Romance
        tt0944947\ttvSeries\tGame of Thrones\tGame of Thrones\t0\t2011\t2019\t57\tAction,Adventure,Drama
        tt1480055\ttvEpisode\tWinter Is Coming\tWinter Is Coming\t0\t2011\t\\N\t62\tAction,Adventure,Drama

        """

    public static let akas = """
        titleId\tordering\ttitle\tregion\tlanguage\ttypes\tattributes\tisOriginalTitle
        tt0113277\t1\tHeat\tUS\t\\N\timdbDisplay\t\\N\t0
        tt0113277\t2\tFuego contra fuego\tMX\t\\N\timdbDisplay\t\\N\t0
        tt0113277\t3\tHeat\tGB\t\\N\timdbDisplay\t\\N\t0
        tt0211915\t1\tLe fabuleux destin d'Amélie Poulain\t\\N\t\\N\toriginal\t\\N\t1
        tt0211915\t2\tAmélie\tUS\t\\N\timdbDisplay\t\\N\t0
        tt0211915\t3\tDie fabelhafte Welt der Amélie\tDE\t\\N\timdbDisplay\t\\N\t0
        tt1480055\t1\tWinter Is Coming\tUS\t\\N\t\\N\t\\N\t0

        """

    public static let crew = """
        tconst\tdirectors\twriters
        tt0068699\tnm0001328\t\\N
        tt0089213\t\\N\t\\N
        tt0113277\tnm0000520\tnm0000520
        tt0118715\tnm0001054,nm0001053\tnm0001054,nm0001053
        tt0211915\tnm0433875\tnm0433875,nm0148185
        tt1480055\tnm0851930\tnm1125275

        """

    public static let ratings = """
        tconst\taverageRating\tnumVotes
        tt0068699\t6.1\t3012
        tt0113277\t8.3\t721456
        tt0118715\t8.1\t850123
        tt0211915\t8.3\t790321
        tt1480055\t8.9\t52000

        """

    public static let names = """
        nconst\tprimaryName\tbirthYear\tdeathYear\tprimaryProfession\tknownForTitles
        nm0000001\tFred Astaire\t1899\t1987\tactor,miscellaneous,producer\ttt0050419,tt0053137
        nm0000520\tMichael Mann\t1943\t\\N\tproducer,writer,director\ttt0113277,tt0097351
        nm0001053\tEthan Coen\t1957\t\\N\tproducer,writer,director\ttt0118715
        nm0001054\tJoel Coen\t1954\t\\N\tproducer,writer,director\ttt0118715
        nm0001328\tPaul Morrissey\t1938\t2024\tdirector,writer\ttt0068699
        nm0433875\tJean-Pierre Jeunet\t1953\t\\N\tdirector,writer\ttt0211915
        nm0851930\tTim Van Patten\t1959\t\\N\tdirector,producer\ttt1480055

        """

    /// Writes the five files into `folder` (`title.basics.tsv.gz`, …), `replacing` any text by kind
    /// (`"title.basics"`: the whole file), and returns the folder's path.
    @discardableResult
    public static func write(to folder: String, replacing: [String: String] = [:]) throws -> String {
        let texts = [
            "title.basics": basics, "title.akas": akas, "title.crew": crew, "title.ratings": ratings,
            "name.basics": names,
        ]
        for (kind, text) in texts {
            try writeGzip(
                replacing[kind] ?? text, to: folder + "/" + kind + ".tsv.gz",
                members: kind == "title.basics" ? 2 : 1)
        }
        return folder
    }

    /// Writes `text` gzip-compressed to `path`, cut into `members` gzip members (as a parallel
    /// compressor or `cat a.gz b.gz` makes them).
    public static func writeGzip(_ text: String, to path: String, members: Int = 1) throws {
        let writer = try GzipWriter(path: path)
        let bytes = Array(text.utf8)
        let size = max(1, (bytes.count + members - 1) / members)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            try bytes[start..<end].withUnsafeBytes { try writer.write($0) }
            try writer.finishMember()
            start = end
        }
        if bytes.isEmpty { try writer.finishMember() }
    }
}
