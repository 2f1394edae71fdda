import Basics
import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

@Suite("Importing IMDb exports")
struct IMDbImportTests {
    @Test("the current ratings layout: ids, n of 10 as n half-stars, Date Rated seeds createdAt")
    func currentLayout() throws {
        let folder = TemporaryDirectory()
        let path = try folder.write(
            """
            Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors
            tt0113277,9,2023-05-01,Heat,Heat,https://www.imdb.com/title/tt0113277/,Movie,8.3,170,1995,"Action, Crime, Drama",700000,1995-12-15,Michael Mann
            tt0190332,7,2023-05-02,"Crouching Tiger, Hidden Dragon",Wo hu cang long,https://www.imdb.com/title/tt0190332/,Movie,7.9,120,2000,"Action, Adventure",270000,2000-07-07,Ang Lee
            tt5109784,1,2023-05-03,Cats,Cats,https://www.imdb.com/title/tt5109784/,Movie,2.8,110,2019,Comedy,50000,2019-12-20,Tom Hooper
            tt0903747,10,not a date,Breaking Bad,Breaking Bad,https://www.imdb.com/title/tt0903747/,TV Series,9.5,49,2008,"Crime, Drama",2000000,2008-01-20,

            """, to: "ratings.csv")
        let reader = try MovieImportReader(path: path)
        #expect(reader.format == .imdb)
        let movies = try ImportTestSupport.movies(path)
        #expect(movies.map(\.imdbID) == ["tt0113277", "tt0190332", "tt5109784", "tt0903747"])
        #expect(movies.map { $0.stars?.halfStars } == [9, 7, 1, 10])
        #expect(movies.map(\.rating) == [.excellent, .good, .terrible, .excellent])
        #expect(movies.map(\.title) == ["Heat", "Crouching Tiger, Hidden Dragon", "Cats", "Breaking Bad"])
        #expect(movies.map(\.year) == [1995, 2000, 2019, 2008])
        #expect(movies[0].createdAt == Timestamp.date(from: "2023-05-01T00:00:00.000Z"))
        // An unreadable Date Rated only loses the seed, not the movie.
        #expect(movies[3].createdAt == nil)
        #expect(movies.allSatisfy { $0.watchState == .seen && $0.letterboxdURI == nil && $0.note == nil })
        #expect(movies[1].ratedOn == CalendarDate(parsing: "2023-05-02"))
        // The series is marked as another title type, which an import leaves out unless it takes TV.
        #expect(movies.map(\.meaning.otherTitleType) == [nil, nil, nil, "TV Series"])
    }

    @Test("the old layout, every field quoted, `You rated` and ctime-style dates")
    func oldLayout() throws {
        let folder = TemporaryDirectory()
        let header =
            #""position","const","created","modified","description","Title","Title type","Directors","You rated","IMDb Rating","Runtime (mins)","Year","Genres","Num. Votes","Release Date (month/day/year)","URL""#
        let path = try folder.write(
            header + "\n"
                + #""1","tt0113277","Tue Sep 25 00:00:00 2012","Tue Sep 25 00:00:00 2012","","Heat","Feature Film","Michael Mann","10","8.2","170","1995","action, crime","500000","1995-12-15","http://www.imdb.com/title/tt0113277/""#
                + "\n"
                + #""2","tt0056172","Wed Oct 3 00:00:00 2012","Wed Oct 3 00:00:00 2012","","Lawrence of Arabia","Feature Film","David Lean","6","8.3","216","1962","adventure","200000","1962-12-10","http://www.imdb.com/title/tt0056172/""#
                + "\n",
            to: "old-ratings.csv")
        #expect(try MovieImportReader(path: path).format == .imdb)
        let movies = try ImportTestSupport.movies(path)
        #expect(movies.map(\.imdbID) == ["tt0113277", "tt0056172"])
        #expect(movies.map { $0.stars?.description } == ["5", "3"])
        #expect(movies.map(\.rating) == [.excellent, .decent])
        #expect(movies[0].createdAt == Timestamp.date(from: "2012-09-25T00:00:00.000Z"))
        #expect(movies[1].createdAt == Timestamp.date(from: "2012-10-03T00:00:00.000Z"))
        #expect(movies[1].ratedOn == CalendarDate(parsing: "2012-10-03"))
        #expect(movies.allSatisfy { $0.meaning.otherTitleType == nil }, "a Feature Film is a film")
    }

    @Test("a watchlist export (no rating) is not seen; columns in another order still match")
    func watchlist() throws {
        let folder = TemporaryDirectory()
        let path = try folder.write(
            """
            Position,Title,Year,Const,Your Rating,Date Rated
            1,Perfect Days,2023,tt27503384,,
            2,Heat,1995,tt0113277,8,2024-01-02

            """, to: "WATCHLIST.csv")
        let movies = try ImportTestSupport.movies(path)
        #expect(movies.map(\.rating) == [.notSeen, .good])
        #expect(movies.map(\.watchState) == [.watchlist, .seen])
        #expect(movies.map(\.imdbID) == ["tt27503384", "tt0113277"])
    }
}
