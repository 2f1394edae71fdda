import Foundation
import MoviesCore
import Testing

/// The text of a page's cursor: what one page prints and the next command reads back.
@Suite("Movie cursors: their text form")
struct MovieCursorTests {
    static let movie = Movie(
        id: 212, title: "Blade Runner", year: 1982, rating: .good, watchedOn: nil, note: nil,
        createdAt: .init(timeIntervalSince1970: 0), updatedAt: .init(timeIntervalSince1970: 0))

    @Test("each order's form")
    func forms() {
        #expect(MovieCursor(after: Self.movie, sort: .added).description == "212")
        #expect(MovieCursor(after: Self.movie, sort: .title).description == "title:blade%20runner:212")
        #expect(MovieCursor(after: Self.movie, sort: .rating).description == "rating:good:212")
        var starred = Self.movie
        starred.stars = StarRating(halfStars: 7)
        #expect(MovieCursor(after: starred, sort: .rating).description == "rating:3.5:212")
        starred.stars = StarRating(halfStars: 8)
        #expect(MovieCursor(after: starred, sort: .rating).description == "rating:good:212")
        var seen = Self.movie
        seen.rating = .notSeen
        #expect(MovieCursor(after: seen, sort: .rating).description == "rating:seen:212")
        seen.watchState = .watchlist
        #expect(MovieCursor(after: seen, sort: .rating).description == "rating:not-seen:212")
        for rank in 0...11 {
            let cursor = MovieCursor(
                "rating:\(["not-seen", "seen", "0.5", "terrible", "1.5", "poor", "2.5", "decent", "3.5", "good", "4.5", "excellent"][rank]):1"
            )
            #expect(cursor?.key == .rating(rank))
            #expect(cursor.map { MovieCursor($0.description) } == cursor)
        }
        #expect(MovieCursor(after: Self.movie, sort: .year).description == "year:1982:212")
        var undated = Self.movie
        undated.year = nil
        #expect(MovieCursor(after: undated, sort: .year).description == "year:none:212")
        #expect(MovieCursor("#212") == MovieCursor(id: 212))
        #expect(MovieCursor("212")?.sort == .added)
    }

    @Test(
        "any title survives the round trip, written with characters no shell treats specially",
        arguments: [
            "It's \"Heat\"", "a:b:c", "100%", "~/x", "$(rm -rf /) `x` *?[]", "千と千尋の神隠し", "🎬 Émoji",
            "tab\there", "-dash", "=equals", "back\\slash", "a'b", " ",
        ])
    func titles(title: String) throws {
        var movie = Self.movie
        movie.title = title
        let cursor = MovieCursor(after: movie, sort: .title)
        let text = cursor.description
        #expect(MovieCursor(text) == cursor)
        #expect(cursor.key == .title(TitleKeys.sort(title)))
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._%:")
        #expect(text.allSatisfy { allowed.contains($0) }, "\(text)")
        #expect(text.hasPrefix("title:"))
    }

    @Test(
        "anything else is not a cursor",
        arguments: [
            "", "0", "-1", "#", "12abc", "99999999999999999999", "title:Heat", "title:Heat:", "title:Heat:0",
            "title:a b:1", "title:%ZZ:1", "title:%4:1", "title:%FF:1", "rating:meh:1", "rating:Good:1",
            "rating:7:1",
            "year:19955:1", "year:abc:1", "year::1", "added:1", "title:a:b:1", "size:1:1",
        ])
    func refused(text: String) {
        #expect(MovieCursor(text) == nil)
    }
}
