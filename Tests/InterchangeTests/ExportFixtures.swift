import Foundation
import TestSupport

/// Export files shaped like the real ones: Letterboxd's export folder (its five files, their exact
/// columns, a diary with re-watches, reviews of two viewings, watched-only and watchlist films, film
/// links in ratings/watched/watchlist and entry links in the diary and reviews) and IMDb's ratings
/// export (its current columns, with TV rows), with titles in every script.
enum ExportFixtures {
    /// watchlist.csv: `Date,Name,Year,Letterboxd URI`; Date is when the film was added.
    static let watchlist = """
        Date,Name,Year,Letterboxd URI
        2018-03-02,Сталкер,1979,https://boxd.it/28k8
        2021-11-20,Dune: Part Two,2024,https://boxd.it/rEtc
        2023-12-01,悪は存在しない,2023,https://boxd.it/A9bs

        """

    /// watched.csv: every film marked watched, rated or not, with the film's link.
    static let watched = """
        Date,Name,Year,Letterboxd URI
        2018-01-14,Heat,1995,https://boxd.it/2aMM
        2018-02-10,The Thing,1982,https://boxd.it/29Sg
        2019-05-04,Amélie,2001,https://boxd.it/2bc4
        2020-07-19,Ζορμπάς,1964,https://boxd.it/1XV2
        2021-04-03,الرسالة,1976,https://boxd.it/1Gmk
        2023-06-11,Past Lives,2023,https://boxd.it/u0Cu
        2024-02-02,千と千尋の神隠し,2001,https://boxd.it/2b6Q

        """

    /// diary.csv: one row per viewing, oldest logged first, with the rating given then; `Rewatch` is
    /// `Yes` for a film seen before (The Thing's first entry: seen before the diary began).
    static let diary = """
        Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date
        2018-01-14,Heat,1995,https://boxd.it/8Kd21,4,,,2018-01-13
        2018-02-10,The Thing,1982,https://boxd.it/8QaX3,4.5,Yes,"horror, 80s",2018-02-09
        2019-05-04,Amélie,2001,https://boxd.it/bQ7sd,3.5,,,2019-05-04
        2023-06-11,Past Lives,2023,https://boxd.it/4fDk9,,,cinema,2023-06-10
        2023-10-29,Heat,1995,https://boxd.it/5aTnF,4.5,Yes,"director's cut, cinema",2023-10-28
        2024-02-02,千と千尋の神隠し,2001,https://boxd.it/6yUe1,5,Yes,,2024-02-01

        """

    /// ratings.csv: each rated film's current rating, dated when it was given.
    static let ratings = """
        Date,Name,Year,Letterboxd URI,Rating
        2018-02-10,The Thing,1982,https://boxd.it/29Sg,4.5
        2019-05-04,Amélie,2001,https://boxd.it/2bc4,3.5
        2020-07-19,Ζορμπάς,1964,https://boxd.it/1XV2,3
        2023-10-29,Heat,1995,https://boxd.it/2aMM,4.5
        2024-02-02,千と千尋の神隠し,2001,https://boxd.it/2b6Q,5

        """

    /// reviews.csv: Heat reviewed at both viewings; Letterboxd writes the file by the date logged, but
    /// an importer must not let the older review (or its date) win because of order.
    static let reviews = """
        Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date
        2023-10-29,Heat,1995,https://boxd.it/5aTnF,4.5,Yes,"Still the best diner scene. ""Cop or criminal""
        is the whole film.",,2023-10-28
        2018-01-14,Heat,1995,https://boxd.it/8Kd21,4,,"Long, loud, great.",,2018-01-13
        2019-05-04,Amélie,2001,https://boxd.it/bQ7sd,3.5,,Paris as a postcard — but what a postcard.,,2019-05-04

        """

    /// lists/heists.csv: a list export, its header block, then its films in order by their film
    /// addresses (one of them on no other file of the export).
    static let heistsList = """
        Letterboxd list export v7
        Date,Name,Tags,URL,Description
        2024-01-20,Heists,"crime, favourites",https://letterboxd.com/someone/list/heists/,"Who stole what, and how"

        Position,Name,Year,URL,Description
        1,Heat,1995,https://boxd.it/2aMM,The diner scene
        2,Rififi,1955,https://boxd.it/1NrU,
        3,The Thing,1982,https://boxd.it/29Sg,Not a heist; it stole the show

        """

    /// The five files and a list in a folder named like Letterboxd's export, plus a file the import
    /// ignores.
    @discardableResult
    static func letterboxdExport(in folder: TemporaryDirectory, name: String = "letterboxd-user-2024-02-03")
        throws -> String
    {
        let path = folder.file(name)
        try FileManager.default.createDirectory(atPath: path + "/lists", withIntermediateDirectories: true)
        for (file, text) in [
            ("watchlist.csv", watchlist), ("watched.csv", watched), ("diary.csv", diary),
            ("ratings.csv", ratings), ("reviews.csv", reviews),
            ("profile.csv", "Date Joined,Username\n2018-01-01,someone\n"),
            ("lists/heists.csv", heistsList),
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + file))
        }
        return path
    }

    /// IMDb's ratings export, current columns: films, a TV movie, a short, a series, an episode, a
    /// mini-series, a video game; titles with accents, decomposed accents, and other scripts.
    static let imdbRatings = """
        Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors
        tt0113277,9,2023-10-29,Heat,Heat,https://www.imdb.com/title/tt0113277/,Movie,8.3,170,1995,"Action, Crime, Drama",700000,1995-12-15,Michael Mann
        tt0211915,7,2019-05-04,Amélie,Le fabuleux destin d'Amélie Poulain,https://www.imdb.com/title/tt0211915/,Movie,8.3,122,2001,"Comedy, Romance",780000,2001-04-25,Jean-Pierre Jeunet
        tt0075303,8,2018-03-02,Stalker,Сталкер,https://www.imdb.com/title/tt0079944/,Movie,8.0,162,1979,"Drama, Sci-Fi",150000,1979-05-25,Andrei Tarkovsky
        tt0057831,6,2020-07-19,Ζορμπάς,Alexis Zorbas,https://www.imdb.com/title/tt0057831/,Movie,7.7,142,1964,"Adventure, Comedy",25000,1964-12-17,Michael Cacoyannis
        tt0074896,8,2021-04-03,الرسالة,Al-Risâlah,https://www.imdb.com/title/tt0074896/,Movie,8.1,177,1976,"Biography, Drama",50000,1976-03-09,Moustapha Akkad
        tt0245429,10,2024-02-02,千と千尋の神隠し,Sen to Chihiro no kamikakushi,https://www.imdb.com/title/tt0245429/,Movie,8.6,125,2001,"Animation, Adventure",850000,2001-07-20,Hayao Miyazaki
        tt0120082,6,2022-01-01,Doppelga\u{308}nger,Doppelgänger,https://www.imdb.com/title/tt0120082/,TV Movie,6.1,90,1993,Thriller,2000,1993-09-01,Avi Nesher
        tt0133093,5,2022-01-02,Luxo Jr.,Luxo Jr.,https://www.imdb.com/title/tt0091455/,Short,7.4,2,1986,"Animation, Short",40000,1986-08-17,John Lasseter
        tt0903747,10,2022-02-02,Breaking Bad,Breaking Bad,https://www.imdb.com/title/tt0903747/,TV Series,9.5,49,2008,"Crime, Drama",2000000,2008-01-20,
        tt2301451,10,2022-02-03,Breaking Bad: Ozymandias,Ozymandias,https://www.imdb.com/title/tt2301451/,TV Episode,10.0,47,2013,"Crime, Drama",200000,2013-09-15,Rian Johnson
        tt0795176,9,2022-02-04,Planet Earth,Planet Earth,https://www.imdb.com/title/tt0795176/,TV Mini Series,9.4,550,2006,Documentary,220000,2006-03-05,
        tt2140553,8,2022-02-05,The Last of Us,The Last of Us,https://www.imdb.com/title/tt2140553/,Video Game,9.7,,2013,"Action, Adventure",80000,2013-06-14,Neil Druckmann

        """
}
