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
        #expect(MovieCursor(after: Self.movie, sort: .title).description == "title:Blade%20Runner:212")
        #expect(MovieCursor(after: Self.movie, sort: .rating).description == "rating:good:212")
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
        #expect(cursor.key == .title(title))
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._%:")
        #expect(text.allSatisfy { allowed.contains($0) }, "\(text)")
        #expect(text.hasPrefix("title:"))
    }

    @Test(
        "anything else is not a cursor",
        arguments: [
            "", "0", "-1", "#", "12abc", "99999999999999999999", "title:Heat", "title:Heat:", "title:Heat:0",
            "title:a b:1", "title:%ZZ:1", "title:%4:1", "title:%FF:1", "rating:meh:1", "rating:Good:1",
            "year:19955:1", "year:abc:1", "year::1", "added:1", "title:a:b:1", "size:1:1",
        ])
    func refused(text: String) {
        #expect(MovieCursor(text) == nil)
    }
}
