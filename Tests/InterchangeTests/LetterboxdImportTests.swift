import Basics
import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

@Suite("Importing Letterboxd exports")
struct LetterboxdImportTests {
    /// Midnight UTC of a day, as the `Date` column seeds `createdAt`.
    static func day(_ text: String) -> Date? {
        Timestamp.date(from: text + "T00:00:00.000Z")
    }

    static func reader(_ folder: TemporaryDirectory, _ name: String, _ text: String) throws
        -> MovieImportReader
    {
        try MovieImportReader(path: try folder.write(text, to: name))
    }

    @Test("ratings.csv: stars in halves become words; Date seeds createdAt")
    func ratings() throws {
        let folder = TemporaryDirectory()
        let path = try folder.write(
            """
            Date,Name,Year,Letterboxd URI,Rating
            2023-01-15,Heat,1995,https://boxd.it/2aMM,4.5
            2023-02-01,"Crouching Tiger, Hidden Dragon",2000,https://boxd.it/1sGm,3
            2023-02-02,Cats,2019,https://boxd.it/kTtG,0.5
            2023-02-03,Paddington 2,2017,https://boxd.it/bHxe,5
            2023-02-04,Morbius,2022,https://boxd.it/n6z2,1.5

            """, to: "ratings.csv")
        let reader = try MovieImportReader(path: path)
        #expect(reader.format == .letterboxd)
        #expect(reader.letterboxdKind == .ratings)
        let movies = try ImportTestSupport.movies(path)
        #expect(
            movies.map(\.title) == [
                "Heat", "Crouching Tiger, Hidden Dragon", "Cats", "Paddington 2", "Morbius",
            ])
        #expect(movies.map(\.rating) == [.excellent, .decent, .terrible, .excellent, .poor])
        #expect(movies.map { $0.stars?.description } == ["4.5", "3", "0.5", "5", "1.5"])
        #expect(movies.map(\.year) == [1995, 2000, 2019, 2017, 2022])
        #expect(movies.map(\.line) == [2, 3, 4, 5, 6])
        #expect(movies[0].letterboxdURI == "https://boxd.it/2aMM")
        #expect(movies[0].createdAt == Self.day("2023-01-15"))
        #expect(movies.allSatisfy { $0.watchState == .seen && $0.watchedOn == nil && $0.id == nil })
        // The rating is the film's current one, dated by Date; the address is the film's page.
        #expect(movies[1].ratedOn == CalendarDate(parsing: "2023-02-01"))
        #expect(
            movies.allSatisfy { $0.meaning.ratingIsCurrent && $0.entryURI == nil && !$0.meaning.isViewing })
    }

    @Test(
        "watched.csv is seen without a rating; watchlist.csv, told by its name, is the watchlist")
    func watchedAndWatchlist() throws {
        let folder = TemporaryDirectory()
        let rows = """
            Date,Name,Year,Letterboxd URI
            2022-12-31,Heat,1995,https://boxd.it/2aMM
            2023-01-01,Perfect Days,2023,https://boxd.it/sIiC

            """
        let watched = try Self.reader(folder, "watched.csv", rows)
        #expect(watched.letterboxdKind == .watched)
        let watchedMovies = try ImportTestSupport.movies(folder.file("watched.csv"))
        #expect(watchedMovies.map(\.rating) == [.notSeen, .notSeen])
        #expect(
            watchedMovies.allSatisfy { $0.watchState == .seen && $0.stars == nil && $0.ratingWord == .seen })
        #expect(watchedMovies[1].createdAt == Self.day("2023-01-01"))

        let watchlist = try Self.reader(folder, "watchlist.csv", rows)
        #expect(watchlist.letterboxdKind == .watchlist)
        let wanted = try ImportTestSupport.movies(folder.file("watchlist.csv"))
        #expect(wanted.map(\.title) == ["Heat", "Perfect Days"])
        #expect(wanted.allSatisfy { $0.rating == .notSeen && $0.watchState == .watchlist })
    }

    @Test("diary.csv: Watched Date is the viewing's day, a rewatch is its own row, empty rating is seen")
    func diary() throws {
        let folder = TemporaryDirectory()
        let path = try folder.write(
            """
            Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
            2024-03-10,Past Lives,2023,https://letterboxd.com/someone/film/past-lives/,5,,"cinema, with sam",2024-03-09
            2024-03-11,Heat,1995,https://letterboxd.com/someone/film/heat/1/,,Yes,,2024-03-11
            2024-03-12,Heat,1995,https://letterboxd.com/someone/film/heat/2/,3.5,Yes,,2024-03-12

            """, to: "diary.csv")
        #expect(try MovieImportReader(path: path).letterboxdKind == .diary)
        let movies = try ImportTestSupport.movies(path)
        #expect(
            movies.map(\.watchedOn)
                == ["2024-03-09", "2024-03-11", "2024-03-12"].map(CalendarDate.init(parsing:)))
        #expect(movies.map(\.rating) == [.excellent, .notSeen, .good])
        #expect(movies.map { $0.stars?.halfStars } == [10, nil, 7])
        #expect(movies[0].createdAt == Self.day("2024-03-10"))
        #expect(movies[1].entryURI == "https://letterboxd.com/someone/film/heat/1/", "the entry's address")
        #expect(movies.allSatisfy { $0.watchState == .seen })
        #expect(movies.map(\.ratingWord) == [.excellent, .seen, .good])
        // Each row is one viewing, its rating given then, on its day (not the film's current), entry links.
        #expect(movies.map(\.meaning.isRewatch) == [false, true, true])
        #expect(
            movies.allSatisfy {
                $0.meaning.isViewing && !$0.meaning.ratingIsCurrent && $0.letterboxdURI == nil
                    && $0.entryURI != nil
            }
        )
        #expect(
            movies.map(\.ratedOn) == [
                CalendarDate(parsing: "2024-03-09"), nil, CalendarDate(parsing: "2024-03-12"),
            ])
    }

    @Test(
        "reviews.csv: the review, with commas, quotes and Windows line breaks, is the viewing's, not a note")
    func reviews() throws {
        let folder = TemporaryDirectory()
        let path = try folder.write(
            "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date\r\n"
                + "2024-03-10,Past Lives,2023,https://boxd.it/A1b2,4,,\"A quiet, \"\"devastating\"\" film.\r\n"
                + "\r\nSecond paragraph.\",,2024-03-09\r\n"
                + "2024-03-11,Aftersun,2022,https://boxd.it/C3d4,2.5,No,\u{2014} short \u{1F62D},,2024-03-11\r\n",
            to: "reviews.csv")
        #expect(try MovieImportReader(path: path).letterboxdKind == .reviews)
        let movies = try ImportTestSupport.movies(path)
        #expect(
            movies.map(\.review) == [
                "A quiet, \"devastating\" film.\n\nSecond paragraph.", "\u{2014} short \u{1F62D}",
            ])
        #expect(movies.allSatisfy { $0.note == nil }, "a review is public; a note is private")
        #expect(movies.map(\.line) == [2, 5])
        #expect(movies.map(\.rating) == [.good, .decent])
        #expect(movies[1].watchedOn == CalendarDate(parsing: "2024-03-11"))
    }

    @Test("columns are matched by name in any order and case; a BOM is fine")
    func columnOrder() throws {
        let folder = TemporaryDirectory()
        let path = try folder.write(
            "\u{FEFF}RATING,letterboxd uri,name,YEAR,date\n4,https://boxd.it/2aMM,Heat,,2023-01-15\n",
            to: "export.csv")
        let movies = try ImportTestSupport.movies(path)
        #expect(
            movies == [
                ImportedMovie(
                    line: 2, title: "Heat", rating: .good, watchState: .seen, stars: StarRating(halfStars: 8),
                    ratedOn: CalendarDate(parsing: "2023-01-15"), letterboxdURI: "https://boxd.it/2aMM",
                    createdAt: Self.day("2023-01-15"))
            ])
    }
}
