import AppTestSupport
import Basics
import Foundation
import Interchange
import MoviesCore
import TestSupport
import Testing

/// Films told apart by the ids their exports carry, files told apart by `--from`, and IMDb as exported
/// around the world: files in the real shapes, written here.
@Suite("Film ids, file kinds, IMDb's languages and dates")
struct FilmIdentityTests {
    let database: TestDatabase
    var store: MovieStore { database.store }

    init() throws {
        database = try TestDatabase()
    }

    func run(_ files: [(String, String)], format: MovieImportFormat? = nil) throws -> ImportSummary {
        let readers = try files.map { name, text in
            try MovieImportReader(path: try database.folder.write(text, to: name), format: format)
        }
        return try MovieImporter(database: database.app).run(
            readers, options: ImportOptions(onDuplicate: .update))
    }

    @Test("two films of one title and year with different addresses stay two; a diary row goes by its rating")
    func cinderellas() throws {
        let ratings = """
            Date,Name,Year,Letterboxd URI,Rating
            2021-03-01,Cinderella,1922,https://boxd.it/aB1,3
            2021-03-02,Cinderella,1922,https://boxd.it/cD2,3.5
            2021-03-03,Rain,2019,https://boxd.it/rain1,4
            2021-03-04,rain,2019,https://boxd.it/rain2,2

            """
        let diary = """
            Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
            2021-03-02,Cinderella,1922,https://boxd.it/e1,3.5,,,2021-03-02
            2021-03-05,Cinderella,1922,https://boxd.it/e2,,,,2021-03-05

            """
        let summary = try run([("ratings.csv", ratings), ("diary.csv", diary)])
        #expect(summary.added == 4, "\(summary)")
        let cinderellas = try store.list().filter { $0.title == "Cinderella" }
        #expect(cinderellas.map { $0.stars?.stars } == [3, 3.5])
        #expect(try store.list().filter { $0.year == 2019 }.map(\.title) == ["Rain", "rain"])
        // Placed by its rating: the 3½-star Cinderella's viewing.
        let second = try #require(cinderellas.last)
        #expect(try store.viewings(ofMovie: second.id).map(\.letterboxdURI).contains("https://boxd.it/e1"))
        // No rating to tell them apart: reported by line, never merged.
        #expect(summary.leftOutRowCount == 1)
        #expect(summary.leftOutRows.first?.line == 3)
        #expect(summary.leftOutRows.first?.description.contains("2 films are titled Cinderella") == true)
    }

    @Test("a diary imported again finds each viewing by its entry address; a second one is not invented")
    func entryAddressesFindViewings() throws {
        let diary = """
            Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
            2021-03-02,Heat,1995,https://boxd.it/e1,4,,cinema,2021-03-02
            2022-03-02,Heat,1995,https://boxd.it/e2,4.5,Yes,,2022-03-01

            """
        _ = try run([("diary.csv", diary)])
        let again = try run([("diary.csv", diary)])
        #expect(again.unchanged == 1 && again.viewingsAdded == 0 && again.viewingsUpdated == 0, "\(again)")
        let heat = try #require(try store.list().first)
        #expect(try store.viewings(ofMovie: heat.id).count == 2)
        // The same entry renamed on Letterboxd's side (another title spelling): still found by address.
        let renamed = diary.replacingOccurrences(of: "Heat,1995", with: "HEAT,1995")
        #expect(try run([("diary.csv", renamed)]).viewingsAdded == 0)
    }

    @Test("a file's film address shared by another title's film is reported by line, not a SQLite error")
    func duplicateAddresses() throws {
        let watched = """
            Date,Name,Year,Letterboxd URI
            2021-03-01,Heat,1995,https://boxd.it/same
            2021-03-02,Alien,1979,https://boxd.it/same

            """
        let summary = try run([("watched.csv", watched)])
        #expect(summary.added == 1 && summary.leftOutRowCount == 1, "\(summary)")
        #expect(summary.leftOutRows.first?.description.contains("is also the id of the film on line") == true)
    }

    @Test("an address shared by films of two files on the same line number is reported, not a SQLite error")
    func sharedAddressOnOneLineNumber() throws {
        // Both films are on line 2 of their files: a claim told apart by its line took the second for
        // the first, and the unique index refused the import.
        let watched = """
            Date,Name,Year,Letterboxd URI
            2021-03-01,Heat,1995,https://boxd.it/same

            """
        let ratings = """
            Date,Name,Year,Letterboxd URI,Rating
            2021-03-02,Alien,1979,https://boxd.it/same,4

            """
        let summary = try run([("watched.csv", watched), ("ratings.csv", ratings)])
        #expect(summary.added == 1 && summary.leftOutRowCount == 1, "\(summary)")
        #expect(try store.list().map(\.title) == ["Alien"])
    }

    @Test("two films of one title that come to share an IMDb id: the second is reported, not a SQLite error")
    func sharedIMDbIDInOneTitle() throws {
        // Two Heats told apart by their addresses; a row with the IMDb id alone joins the first, and a
        // row with the id and the second's address gives the second the same id.
        let own = """
            id,title,year,rating,watched_on,note,created_at,updated_at,stars,imdb_id,letterboxd_uri
            ,Heat,1995,good,,,,,,,https://boxd.it/heat1
            ,Heat,1995,good,,,,,,,https://boxd.it/heat2
            ,Heat,1995,good,,,,,,tt0113277,
            ,Heat,1995,good,,,,,,tt0113277,https://boxd.it/heat2

            """
        let summary = try run([("own.csv", own)])
        #expect(summary.added == 1 && summary.leftOutRowCount == 1, "\(summary)")
        #expect(summary.leftOutRows.first?.description.contains("the film on line 2") == true)
        let heat = try #require(try store.list().first)
        #expect(heat.letterboxdURI == "https://boxd.it/heat1" && heat.imdbID == "tt0113277")
    }

    @Test("a film left out for an id another film took gives back the ids it had claimed")
    func leftOutFilmReleasesItsClaims() throws {
        // Titles are placed in key order: Alien takes tt0000001, Blade Runner claims its address and
        // then finds tt0000001 taken, and Heat may still have Blade Runner's address.
        let own = """
            id,title,year,rating,watched_on,note,created_at,updated_at,stars,imdb_id,letterboxd_uri
            ,Alien,1979,good,,,,,,tt0000001,https://boxd.it/alien
            ,Blade Runner,1982,good,,,,,,tt0000001,https://boxd.it/blade
            ,Heat,1995,good,,,,,,tt0000003,https://boxd.it/blade

            """
        let summary = try run([("own.csv", own)])
        #expect(summary.added == 2 && summary.leftOutRowCount == 1, "\(summary)")
        #expect(summary.leftOutRows.first?.line == 3, "\(summary.leftOutRows)")
        #expect(summary.leftOutRows.first?.description.contains("the film on line 2") == true)
        #expect(try store.list().map(\.title).sorted() == ["Alien", "Heat"])
    }

    @Test("early exports: http://letterboxd.com/USER/film/SLUG/ addresses and no Rewatch column")
    func earlyExport() throws {
        let diary = """
            Date,Name,Year,Letterboxd URI,Rating,Tags,Watched Date
            2012-05-01,Heat,1995,http://letterboxd.com/someone/film/heat/,4,,2012-04-30
            2013-05-01,Heat,1995,http://letterboxd.com/someone/film/heat/1/,4.5,,2013-04-30

            """
        let watched = """
            Date,Name,Year,Letterboxd URI
            2012-05-01,Heat,1995,http://letterboxd.com/someone/film/heat/

            """
        let summary = try run([("watched.csv", watched), ("diary.csv", diary)])
        #expect(summary.added == 1 && summary.rejectedCount == 0, "\(summary)")
        let heat = try #require(try store.list().first)
        #expect(heat.letterboxdURI == "https://letterboxd.com/someone/film/heat/")
        #expect(try store.viewings(ofMovie: heat.id).count == 2)
    }

    @Test("a file of Date,Name,Year,Letterboxd URI named by neither its name nor --from is refused")
    func undecidableKind() throws {
        let text = "Date,Name,Year,Letterboxd URI\n2021-03-01,Heat,1995,https://boxd.it/2aMM\n"
        let path = try database.folder.write(text, to: "export.csv")
        #expect {
            _ = try MovieImportReader(path: path)
        } throws: { error in
            let message = (error as? ImportFileError)?.reason ?? ""
            return message.contains("--from") && message.contains("letterboxd-watched")
                && message.contains("letterboxd-watchlist") && message.contains("letterboxd-list")
                && !message.contains(path)
        }
        // Named, the watchlist is never seen.
        _ = try run([("export.csv", text)], format: .letterboxdWatchlist)
        #expect(try store.list().map(\.ratingWord) == [.notSeen])
        #expect(try MovieImportReader(path: path, format: .letterboxdWatched).letterboxdKind == .watched)
    }

    @Test(
        "IMDb in Italian, German, French, Spanish, Portuguese: films kept, others and unknown types counted")
    func localisedTitleTypes() throws {
        let imdb = """
            Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors
            tt0000011,8,2024-01-01,Uno,Uno,https://www.imdb.com/title/tt0000011/,Film,8,100,2001,"Drama, Crime",1,2001-01-01,Regista Uno
            tt0000012,7,2024-01-02,Corto,Corto,https://www.imdb.com/title/tt0000012/,Corto,7,10,2002,Short,1,2002-01-01,
            tt0000013,6,4/18/2026,Serie,Serie,https://www.imdb.com/title/tt0000013/,Serie TV,6,40,2003,Drama,1,2003-01-01,
            tt0000014,6,2024-01-04,Fernseh,Fernseh,https://www.imdb.com/title/tt0000014/,Fernsehfilm,6,90,2004,Drama,1,2004-01-01,
            tt0000015,6,2024-01-05,Tele,Tele,https://www.imdb.com/title/tt0000015/,Téléfilm,6,90,2005,Drama,1,2005-01-01,
            tt0000016,6,2024-01-06,Peli,Peli,https://www.imdb.com/title/tt0000016/,Película,6,90,2006,Drama,1,2006-01-01,
            tt0000017,6,2024-01-07,Filme,Filme,https://www.imdb.com/title/tt0000017/,Filme,6,90,2007,Drama,1,2007-01-01,
            tt0000018,6,2024-01-08,Odd,Odd,https://www.imdb.com/title/tt0000018/,Hologramm,6,90,2008,Drama,1,2008-01-01,
            tt0000019,9,4/18/2026,American,American,https://www.imdb.com/title/tt0000019/,Movie,9,120,2009,Drama,1,2009-01-01,Some One
            ,,,,,,,,,,,,,

            """
        let summary = try run([("ratings.csv", imdb)])
        #expect(summary.added == 7 && summary.leftOut == 2, "\(summary)")
        #expect(summary.unknownTitleTypes == ["Hologramm": 1])
        #expect(summary.emptyRows == 1)
        let uno = try #require(try store.list().first { $0.title == "Uno" })
        #expect(
            uno.runtimeMinutes == 100 && uno.genres == ["Drama", "Crime"] && uno.directors == ["Regista Uno"])
        let american = try #require(try store.list().first { $0.title == "American" })
        #expect(american.ratedOn == CalendarDate(parsing: "2026-04-18"), "US order, month first")
    }

    @Test("IMDb: day-first dates and ';'-separated files are refused, naming what was found")
    func dayFirstAndSemicolons() throws {
        let dayFirst = """
            Const,Your Rating,Date Rated,Title,Title Type,Year
            tt0000011,8,18/04/2026,Uno,Movie,2001

            """
        let path = try database.folder.write(dayFirst, to: "ratings.csv")
        #expect(throws: ImportFailure.self) { _ = try run([("ratings.csv", dayFirst)]) }
        let rows = try ImportTestSupport.rows(path)
        guard case .failure(let error) = rows.first else {
            Issue.record("a day-first date was read")
            return
        }
        #expect(error.description.contains("'18/04/2026' is written day first"))
        let semicolons = "Const;Your Rating;Date Rated;Title\ntt0000011;8;2024-01-01;Uno\n"
        let semicolonPath = try database.folder.write(semicolons, to: "semi.csv")
        #expect {
            _ = try MovieImportReader(path: semicolonPath)
        } throws: { error in
            (error as? ImportFileError)?.reason.contains("separated by ';'") == true
        }
        #expect(try store.count() == 0)
    }
}
