import Interchange
import MoviesCore

/// Prints lists of movies in the format asked for: a table for people, or a machine format.
@MainActor
enum MovieListRendering {
    /// What `stream` wrote: how many movies, and the last one when more follow it.
    struct Page {
        var count = 0
        var lastBeforeMore: Movie?
    }

    /// Writes `movies`, already in memory (search results, a list being watched); `emptyHint` is what
    /// a person at a terminal reads when there are none.
    static func write(_ movies: [Movie], format: OutputFormat, context: CommandContext, emptyHint: String)
        throws
    {
        if let recordFormat = format.recordFormat {
            context.startPager()
            try MovieRecordWriter(format: recordFormat, sink: context.output).writeAll(movies)
            return
        }
        guard !movies.isEmpty else {
            context.hint(emptyHint)
            return
        }
        context.startPager()
        context.output.write(MovieText.table(movies, terminal: context.terminal, glyphs: context.glyphs))
    }

    /// Streams the movies `query` finds in `store`, at most `pageSize` of them (the query's own limit is
    /// one more, to tell whether another page follows); `emptyHint` is for a person at a terminal, when
    /// none is.
    ///
    /// Nothing is kept in memory but the movie at hand: machine formats are written row by row, and
    /// a table reads the list twice from one snapshot, measuring its columns first. A closed output
    /// (a pager left early, `| head`) stops the reading.
    static func stream(
        _ query: MovieQuery, from store: MovieStore, pageSize: Int?, format: OutputFormat,
        context: CommandContext, emptyHint: String?
    ) throws -> Page {
        let pageSize = pageSize ?? Int.max
        var written = 0
        var last: Movie?
        var hasMore = false
        do {
            if let recordFormat = format.recordFormat {
                let writer = MovieRecordWriter(format: recordFormat, sink: context.output)
                context.startPager()
                try writer.begin()
                try store.forEachMovie(query) { movie in
                    guard written < pageSize else {
                        hasMore = true
                        return
                    }
                    try writer.write(movie)
                    written += 1
                    last = movie
                    try stopIfClosed(context)
                }
                try writer.end()
            } else {
                // A page of a longer list takes its columns from the list (see `MovieTable`).
                let isPage = query.limit != nil || query.after != nil
                let table = TableInProgress(
                    MovieTable(
                        glyphs: context.glyphs, pageOfListUpTo: isPage ? try store.largestID() ?? 0 : nil))
                try store.forEachMovieTwice(
                    query,
                    first: { movie in
                        guard table.measured < pageSize else {
                            hasMore = true
                            return
                        }
                        table.movies.measure(movie)
                        table.measured += 1
                    },
                    second: { movie in
                        guard written < pageSize else { return }
                        if written == 0 {
                            table.movies.finishMeasuring(width: context.terminal.columns)
                            context.startPager()
                            context.output.write(table.movies.header(terminal: context.terminal))
                        }
                        context.output.write(table.movies.line(movie))
                        written += 1
                        last = movie
                        try stopIfClosed(context)
                    })
                if written == 0, let emptyHint {
                    context.hint(emptyHint)
                }
            }
        } catch is OutputClosed {
            return Page(count: written)
        }
        return Page(count: written, lastBeforeMore: hasMore ? last : nil)
    }

    /// The table between its two readings of the list.
    private final class TableInProgress {
        var movies: MovieTable
        var measured = 0
        init(_ movies: MovieTable) { self.movies = movies }
    }

    /// Thrown to stop reading the list once its output has nowhere to go.
    private struct OutputClosed: Error {}

    private static func stopIfClosed(_ context: CommandContext) throws {
        if context.output.isBroken {
            throw OutputClosed()
        }
    }
}
