import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// `movies catalog load|status`, `find`, `link`, and what `add`, `show`, `list` and `stats` make of a
/// catalog; in process, on IMDb-format files.
@MainActor @Suite struct CatalogCommandTests {
    let movies = InProcessCLI()
    var catalogPath: String { movies.folder.file("movies.catalog.sqlite") }

    /// IMDb's five files in a folder of their own.
    func datasets(replacing: [String: String] = [:]) throws -> String {
        let folder = movies.folder.file("imdb")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try IMDbDatasets.write(to: folder, replacing: replacing)
    }

    @Test func loadsAndSaysWhatItHolds() async throws {
        let folder = try datasets()
        // The download's date is the file's: IMDb refreshes the files daily.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_764_504_000)],  // 2025-11-30 12:00 UTC
            ofItemAtPath: folder + "/title.basics.tsv.gz")
        let output = try await movies.succeed("catalog", "load", folder)
        #expect(output.hasPrefix("Loaded 7 films into \(catalogPath)\n"))
        #expect(
            output.contains("  title.basics.tsv.gz  of 2025-11-30  7 of 9 rows kept  (loaded 20"), "\(output)"
        )
        let status = try await movies.succeed("catalog", "status")
        #expect(status.hasPrefix("7 films in \(catalogPath)\n"))
        #expect(
            status.contains("  title.basics.tsv.gz  of 2025-11-30  7 of 9 rows kept  (loaded 20"), "\(status)"
        )
        #expect(status.contains("name.basics.tsv.gz"))
        // The diary itself was neither created nor touched: the catalog is a file of its own.
        #expect(!fileExists(movies.databasePath))
    }

    @Test func loadsBeforeTheListsFolderExists() async throws {
        let diary = movies.folder.file("new/folder/movies.sqlite")
        let result = try await movies.run(["--db", diary, "catalog", "load", try datasets()])
        #expect(result.status == 0, "\(result)")
        #expect(fileExists(movies.folder.file("new/folder/movies.catalog.sqlite")))
        #expect(permissions(of: movies.folder.file("new/folder")) == 0o700)
    }

    @Test func withoutACatalogEverythingWorksAsBefore() async throws {
        #expect(try await movies.succeed("catalog", "status").hasPrefix("No film catalog yet"))
        #expect(try await movies.succeed("add", "Heat") == "Added 1  Heat  not-seen\n")
        #expect(try await movies.succeed("show", "1").contains("directed by") == false)
        try await movies.refuse(
            ["find", "heat"], status: 1,
            message: "There is no film catalog yet (\(catalogPath)); download IMDb's datasets")
        try await movies.refuse(["link"], status: 1, message: "There is no film catalog yet")
    }

    @Test func findsByAnyTitle() async throws {
        try await movies.succeed("catalog", "load", try datasets())
        let heat = try await movies.succeed("find", "heat")
        #expect(
            heat == """
                  IMDB       TITLE  YEAR  DIRECTED BY     RUNTIME
                  tt0113277  Heat   1995  Michael Mann    170 min
                  tt0068699  Heat   1972  Paul Morrissey  100 min

                """)
        #expect(try await movies.succeed("find", "heat", "--year", "1972").contains("tt0068699"))
        #expect(try await movies.succeed("find", "fabelhafte").contains("Amélie"))
        #expect(try await movies.succeed("find", "lebowski").contains("Joel Coen, Ethan Coen"))
        #expect(try await movies.succeed("find", "zardoz").hasPrefix("No film of the catalog"))
        try await movies.refuse(["find", "?!"], status: 64, message: "Nothing to search for in '?!'")
    }

    @Test func addLinksTheOneFilmItIsAndRefusesAGuessBetweenTwo() async throws {
        try await movies.succeed("catalog", "load", try datasets())
        try await movies.succeed("add", "Carmencita")
        try await movies.refuse(
            ["add", "Heat"], status: 1,
            message:
                "Several films of the catalog are titled 'Heat': Heat (1995)  tt0113277  Michael Mann; Heat (1972)  tt0068699  Paul Morrissey; give --year or --imdb to say which"
        )
        #expect(
            try await movies.succeed("add", "Heat", "--year", "1995") == "Added 2  Heat (1995)  not-seen\n")
        #expect(
            try await movies.succeed("add", "Heat", "--imdb", "tt0068699")
                == "Added 3  Heat (1972)  not-seen\n")
        let shown = try await movies.succeed("show", "2")
        #expect(shown.contains("directed by Michael Mann"))
        #expect(shown.contains("runtime     170 min"))
        #expect(shown.contains("genres      Action, Crime, Drama"))
        #expect(shown.contains("IMDb        tt0113277"))
        #expect(shown.contains("on IMDb     8.3/10 (721456 votes)"))
        // A film the catalog lacks is added as before, unlinked.
        #expect(try await movies.succeed("add", "Zardoz") == "Added 4  Zardoz  not-seen\n")
        #expect(!(try await movies.succeed("show", "4")).contains("on IMDb"))
    }

    @Test func linkPlacesWhatItCanAndNamesTheRest() async throws {
        try await movies.succeed("add", "Heat")
        try await movies.succeed("add", "Heat", "--year", "1995")
        try await movies.succeed("add", "Die fabelhafte Welt der Amélie", "--year", "2001")
        try await movies.succeed("add", "Zardoz")
        try await movies.succeed("catalog", "load", try datasets())
        let output = try await movies.succeed("link")
        #expect(
            output == """
                Linked 2 of 4 films to the catalog
                  several fit Heat (movies show 1; give a year, or --imdb): Heat (1995)  tt0113277  Michael Mann; Heat (1972)  tt0068699  Paul Morrissey
                  not in the catalog: Zardoz (movies show 4)

                """)
        #expect(try await movies.succeed("show", "3").contains("directed by Jean-Pierre Jeunet"))
        #expect(try await movies.succeed("list", "--director", "michael mann").contains("Heat   1995"))
        let comedies = try await movies.succeed("list", "--genre", "Comedy")
        #expect(comedies.contains("Amélie") && !comedies.contains("Heat"))
        // Linking again finds the same.
        #expect(try await movies.succeed("link").hasPrefix("Linked 2 of 4 films"))
    }

    @Test("link takes films by title: only they are linked; an unknown one links nothing (issue 45)")
    func linkNamedFilms() async throws {
        try await movies.succeed("add", "Heat", "--year", "1995")
        try await movies.succeed("add", "Die fabelhafte Welt der Amélie", "--year", "2001")
        try await movies.succeed("catalog", "load", try datasets())
        try await movies.refuse(
            ["link", "Heat (1995)", "Haet"], status: 1,
            message: "No movie titled Haet is listed. Did you mean Heat (1995), id 1?")
        #expect(try await movies.succeed("link", "heat (1995)").hasPrefix("Linked 1 of 1 films"))
        #expect(try await movies.succeed("show", "Heat").contains("directed by Michael Mann"))
        #expect(!(try await movies.succeed("show", "2")).contains("directed by"))
    }

    @Test func linkWithoutAListLinksNothingAndMakesNoFile() async throws {
        try await movies.succeed("catalog", "load", try datasets())
        #expect(try await movies.succeed("link") == "Linked 0 of 0 films to the catalog\n")
        #expect(!fileExists(movies.databasePath))
    }

    @Test func linkGoesByIMDbIDFirstAndNeverGivesOneFilmToTwo() async throws {
        // Added before there was a catalog: an IMDb id, under a title the catalog does not know.
        try await movies.succeed("add", "Heat (director's cut)", "--imdb", "tt0113277")
        try await movies.succeed("add", "Heat", "--year", "1995")
        try await movies.succeed("catalog", "load", try datasets())
        #expect(
            try await movies.succeed("link") == """
                Linked 1 of 2 films to the catalog
                  Heat (1995) (movies show 2) fits tt0113277, which movie 1 has

                """)
        #expect(try await movies.succeed("show", "1").contains("directed by Michael Mann"))
        #expect(!(try await movies.succeed("show", "2")).contains("directed by"))
    }

    @Test func anImportLinksWhatItBringsAndNamesWhatItCannot() async throws {
        try await movies.succeed("catalog", "load", try datasets())
        let export = movies.folder.file("watched.csv")
        try """
        Date,Name,Year,Letterboxd URI
        2024-01-02,Heat,1995,https://boxd.it/2b0e
        2024-01-03,Amélie,2001,https://boxd.it/29pw
        2024-01-04,Zardoz,1974,https://boxd.it/1fNy

        """.write(toFile: export, atomically: true, encoding: .utf8)
        let output = try await movies.succeed("import", export)
        #expect(
            output.hasSuffix(
                """
                Linked 2 of 3 films to the catalog
                  not in the catalog: Zardoz (1974) (movies show 3)

                """), "\(output)")
        #expect(try await movies.succeed("show", "1").contains("directed by Michael Mann"))
        #expect(try await movies.succeed("show", "2").contains("directed by Jean-Pierre Jeunet"))
    }

    @Test func anAnthologysHundredsOfDirectorsLinkAsFarAsTheListHoldsThem() async throws {
        let people = (1...300).map { "nm9\(String(100_000 + $0).dropFirst())" }
        let basics =
            IMDbDatasets.basics
            + "tt9900001\tmovie\tThree Hundred Shorts\tThree Hundred Shorts\t0\t2020\t\\N\t300\tDocumentary\n"
        let crew = IMDbDatasets.crew + "tt9900001\t\(people.joined(separator: ","))\t\\N\n"
        let names =
            IMDbDatasets.names
            + people.enumerated().map { "\($1)\tDirector Number \($0 + 1)\t\\N\t\\N\tdirector\ttt9900001\n" }
            .joined()
        try await movies.succeed(
            "catalog", "load",
            try datasets(replacing: ["title.basics": basics, "title.crew": crew, "name.basics": names]))
        #expect(
            try await movies.succeed("add", "Three Hundred Shorts")
                == "Added 1  Three Hundred Shorts (2020)  not-seen\n")
        #expect(
            try await movies.succeed("show", "1").contains(
                "directed by Director Number 1, Director Number 2,"))
        // As many whole names as 2,000 characters hold, in IMDb's order.
        let stored = try DirectSQL.run(movies.databasePath, "SELECT directors FROM movies WHERE id = 1")
        #expect(stored.count <= 2_000 && stored.count > 1_900, "\(stored.count)")
        #expect(stored.hasSuffix(", Director Number 100"), "\(stored.suffix(40))")
    }

    @Test func everyRefusalOfALoadSaysWhatAndLeavesTheCatalogAsItWas() async throws {
        let folder = try datasets()
        try await movies.succeed("catalog", "load", folder)
        let basics = folder + "/title.basics.tsv.gz"
        let akas = folder + "/title.akas.tsv.gz"
        let crew = folder + "/title.crew.tsv.gz"
        let ratings = folder + "/title.ratings.tsv.gz"
        let names = folder + "/name.basics.tsv.gz"
        /// Writes the good files again, makes `change`, and expects `catalog load` of `files` to be refused.
        func refused(
            _ files: [String], status: Int32, message: String,
            sourceLocation: SourceLocation = #_sourceLocation,
            after change: () throws -> Void
        ) async throws {
            try IMDbDatasets.write(to: folder)
            try change()
            try await movies.refuse(
                ["catalog", "load"] + files, status: status, message: message, databasePath: catalogPath,
                sourceLocation: sourceLocation)
        }
        try await refused(
            [folder], status: 65,
            message:
                "Cannot load \(ratings): the gzip data ends too soon (the file is cut short; download it again)"
        ) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: ratings))
            try bytes.prefix(bytes.count - 12).write(to: URL(fileURLWithPath: ratings))
        }
        try await refused(
            [folder], status: 65, message: "Cannot load \(crew): not gzip or damaged (incorrect header check)"
        ) {
            try IMDbDatasets.crew.write(toFile: crew, atomically: true, encoding: .utf8)
        }
        try await refused(
            [folder], status: 65,
            message:
                "Cannot load \(basics), line 1: the header is not title.basics.tsv.gz's (tconst, titleType,"
        ) {
            try IMDbDatasets.writeGzip(IMDbDatasets.ratings, to: basics)
        }
        // An id listed twice was "UNIQUE constraint failed: titles.id (SQLite error 1555)", exit 1.
        try await refused(
            [folder], status: 65,
            message:
                "Cannot load \(basics), line 11: 'tt0068699' is listed on an earlier line too; title.basics.tsv.gz lists each id once"
        ) {
            try IMDbDatasets.writeGzip(
                IMDbDatasets.basics + "tt0068699\tmovie\tHeat again\tHeat again\t0\t1972\t\\N\t100\t\\N\n",
                to: basics)
        }
        try await refused(
            [folder], status: 65,
            message:
                "Cannot load \(names), line 9: 'nm0000520' is listed on an earlier line too; name.basics.tsv.gz lists each id once"
        ) {
            try IMDbDatasets.writeGzip(
                IMDbDatasets.names + "nm0000520\tMichael Mann\t1943\t\\N\t\\N\t\\N\n", to: names)
        }
        try await refused([folder], status: 65, message: "Cannot load \(names): it is empty (no header line)")
        {
            try IMDbDatasets.writeGzip("", to: names)
        }
        try await refused(
            [folder], status: 65, message: "Cannot load \(akas), line 3: longer than 1048576 bytes"
        ) {
            let long = String(repeating: "a", count: 1_100_000)
            let lines = IMDbDatasets.akas.split(separator: "\n", omittingEmptySubsequences: false)
            let text = ([lines[0], lines[1], "tt0113277\t9\t\(long)\tUS\t\\N\t\\N\t\\N\t0"] + lines[2...])
                .joined(separator: "\n")
            try IMDbDatasets.writeGzip(text, to: akas)
        }
        try await refused(
            [folder, crew], status: 64,
            message: "Error: The same dataset file is given twice: title.crew.tsv.gz"
        ) {}
        let renamed = movies.folder.file("basics.tsv.gz")
        try await refused(
            [renamed], status: 65,
            message:
                "Cannot load \(renamed): its name is not one of IMDb's dataset files' (title.basics.tsv.gz, "
        ) {
            try FileManager.default.copyItem(atPath: basics, toPath: renamed)
        }
        let elsewhere = movies.folder.file("fifo")
        try await refused(
            [elsewhere + "/title.basics.tsv.gz"], status: 66,
            message: "Cannot read \(elsewhere)/title.basics.tsv.gz: not a regular file"
        ) {
            try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
            #expect(mkfifo(elsewhere + "/title.basics.tsv.gz", 0o600) == 0)
        }
        // None of them left anything beside the catalog.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).sorted() == [
                "basics.tsv.gz", "fifo", "imdb", "movies.catalog.sqlite",
            ])
    }

    @Test func aFileAtTheCatalogsPlaceThatIsNoCatalogIsSaidSoAndNotReplaced() async throws {
        let folder = try datasets()
        try "notes, not a catalog".write(toFile: catalogPath, atomically: true, encoding: .utf8)
        for arguments in [["find", "heat"], ["catalog", "status"]] {
            let refused = try await movies.run(arguments)
            #expect(refused.status == 1, "\(refused)")
            #expect(
                refused.stderr.contains(
                    "movies.catalog.sqlite is not a SQLite database; it was left unchanged"),
                "\(refused)")
        }
        let replacing = "Cannot load the catalog into \(catalogPath): what is there is not a film catalog ("
        try await movies.refuse(
            ["catalog", "load", folder], status: 1, message: replacing, databasePath: catalogPath)
        // Another program's SQLite database, in WAL mode: not replaced, and looking at it made nothing
        // beside it, not even for a moment.
        try FileManager.default.removeItem(atPath: catalogPath)
        try DirectSQL.run(catalogPath, "PRAGMA journal_mode = WAL; CREATE TABLE notes (body TEXT)")
        let watch = try FolderWatch(movies.folder.path)
        try await movies.refuse(
            ["catalog", "load", folder], status: 1,
            message: replacing + "it is another program's database), and a load would replace it",
            databasePath: catalogPath)
        #expect(
            !watch.changedNames.contains { $0.hasPrefix("movies.catalog.sqlite-") }, "\(watch.changedEvents)")
        // An empty file holds nothing to lose, and a catalog is replaced.
        try Data().write(to: URL(fileURLWithPath: catalogPath))
        try await movies.succeed("catalog", "load", folder)
        try await movies.succeed("catalog", "load", folder)
        #expect(try await movies.succeed("find", "heat").contains("tt0113277"))
    }

    @Test func statsCountDirectorsGenresAndHours() async throws {
        try await movies.succeed("catalog", "load", try datasets())
        try await movies.succeed("add", "The Big Lebowski", "--watched", "2024-05-01")
        try await movies.succeed("log", "1", "--on", "2024-06-01")
        try await movies.succeed("add", "Heat", "--year", "1995", "--watched", "2024-05-02")
        let stats = try await movies.succeed("stats")
        #expect(stats.contains("Most watched directors\n  Ethan Coen "))
        #expect(stats.contains("Most watched genres\n  Crime "))
        // Two viewings of 117 minutes and one of 170.
        #expect(stats.contains("Hours watched: 6 h 44 min"))
        let json = try await movies.succeed("stats", "--format", "json")
        #expect(json.contains("\"minutes_watched\":404"))
        #expect(json.contains("{\"name\":\"Crime\",\"viewings\":3}"))
    }

    @Test func aBadFileIsRefusedWithItsLineAndTheCatalogStaysAsItWas() async throws {
        let folder = try datasets()
        try await movies.succeed("catalog", "load", folder)
        let broken = IMDbDatasets.crew.replacingOccurrences(
            of: "tt0113277\tnm0000520\t", with: "tt0113277\tnm0000520")
        try IMDbDatasets.writeGzip(broken, to: folder + "/title.crew.tsv.gz")
        try await movies.refuse(
            ["catalog", "load", folder], status: 65,
            message:
                "Cannot load \(folder)/title.crew.tsv.gz, line 4: 2 fields where title.crew.tsv.gz has 3",
            databasePath: catalogPath)
        try await movies.refuse(
            ["catalog", "load", movies.folder.file("nowhere")], status: 66,
            message: "Cannot read \(movies.folder.file("nowhere")): No such file or directory",
            databasePath: catalogPath)
        try await movies.refuse(
            ["catalog", "load", folder + "/title.akas.tsv.gz"], status: 64,
            message: "A catalog needs title.basics.tsv.gz", databasePath: catalogPath)
    }
}

/// The progress of a load: on a terminal only.
@Suite(.offPool) struct CatalogProgressTests {
    @Test func progressIsShownAtATerminalAndNotInAPipe() throws {
        let movies = MoviesProcess()
        let folder = movies.folder.file("imdb")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try IMDbDatasets.write(to: folder)
        let terminal = try PseudoTerminalProcess(
            MoviesProcess.binary, ["catalog", "load", folder], environment: movies.environment)
        #expect(terminal.waitFor("Loaded 7 films"), "\(terminal.output)")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.output.contains("Loading: title.basics.tsv.gz 100%"), "\(terminal.output)")
        let piped = try movies.run(["catalog", "load", folder])
        #expect(piped.status == 0)
        #expect(piped.stderr.isEmpty, "\(piped.stderr)")
    }
}

/// A load ended by a signal part way: the previous catalog stays byte for byte, nothing is left beside
/// it, and the load runs again.
@Suite(.offPool) struct CatalogInterruptTests {
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalMidLoadLeavesThePreviousCatalog(signal: Int32) async throws {
        let movies = MoviesProcess()
        let folder = movies.folder.file("imdb")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try IMDbDatasets.write(to: folder)
        let first = try movies.run(["catalog", "load", folder])
        try #require(first.status == 0, "\(first)")
        let catalog = movies.folder.file("movies.catalog.sqlite")
        let before = try #require(fileSnapshot(catalog))
        // A newer dataset, with one film more, is what the interrupted load was bringing.
        try IMDbDatasets.writeGzip(
            IMDbDatasets.basics
                + "tt0133093\tmovie\tThe Matrix\tThe Matrix\t0\t1999\t\\N\t136\tAction,Sci-Fi\n",
            to: folder + "/title.basics.tsv.gz")
        func scratchFiles() -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: movies.folder.path)) ?? []
            // The scratch file, not the lock file beside it (made just before, when the load begins).
            return names.filter { $0.hasPrefix(".movies.catalog.sqlite.") && $0.hasSuffix(".tmp") }
        }
        let watch = try FolderWatch(movies.folder.path)
        // Output suspended: the load's first progress line blocks, so the signal comes while the new
        // catalog is being written (its scratch file exists) and before it can be finished, however
        // fast the load runs.
        let terminal = try PseudoTerminalProcess(
            MoviesProcess.binary, ["catalog", "load", folder], environment: movies.environment,
            outputSuspended: true)
        try #require(await watch.wait { !scratchFiles().isEmpty }, "no scratch file appeared")
        terminal.send(signal)
        let status = terminal.waitForExit()
        #expect(status == signal && terminal.wasKilledBySignal, "signal \(signal): \(terminal.output)")
        #expect(fileSnapshot(catalog) == before, "signal \(signal): the previous catalog changed")
        let left = try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).sorted()
        #expect(left == ["imdb", "movies.catalog.sqlite"], "signal \(signal): left beside the catalog")
        let again = try movies.run(["catalog", "load", folder])
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.hasPrefix("Loaded 8 films into \(catalog)\n"), "\(again)")
    }
}

/// A load killed with SIGKILL, which no handler sees, and two loads at once, as real processes. The
/// first load is held at its first write to a terminal whose output is suspended: it has taken the lock
/// and made its scratch file by then, however fast it runs.
@Suite(.offPool) struct CatalogScratchAndConcurrencyTests {
    let movies = MoviesProcess()
    var catalog: String { movies.folder.file("movies.catalog.sqlite") }

    /// IMDb's files in `imdb/`, loaded once, then a newer title.basics with one film more.
    func loadedThenNewerDatasets() throws -> String {
        let folder = movies.folder.file("imdb")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try IMDbDatasets.write(to: folder)
        let first = try movies.run(["catalog", "load", folder])
        try #require(first.status == 0, "\(first)")
        try IMDbDatasets.writeGzip(
            IMDbDatasets.basics
                + "tt0133093\tmovie\tThe Matrix\tThe Matrix\t0\t1999\t\\N\t136\tAction,Sci-Fi\n",
            to: folder + "/title.basics.tsv.gz")
        return folder
    }

    func scratchFiles() -> [String] {
        SpecialFiles.names(in: movies.folder.path).filter { $0.hasPrefix(".movies.catalog.sqlite.") }
    }

    /// `catalog load folder` at a terminal whose output is suspended, once its scratch file exists.
    func heldLoad(_ folder: String) async throws -> PseudoTerminalProcess {
        let watch = try FolderWatch(movies.folder.path)
        let load = try PseudoTerminalProcess(
            MoviesProcess.binary, ["catalog", "load", folder], environment: movies.environment,
            outputSuspended: true)
        let prefix = ".movies.catalog.sqlite.\(load.processID)."
        try #require(
            await watch.wait { scratchFiles().contains { $0.hasPrefix(prefix) && $0.hasSuffix(".tmp") } },
            "no scratch file appeared: \(watch.changedEvents)")
        return load
    }

    @Test func aLoadKilledWithSIGKILLLeavesScratchFilesTheNextLoadRemovesAndCounts() async throws {
        let folder = try loadedThenNewerDatasets()
        let before = try #require(fileSnapshot(catalog))
        let killed = try await heldLoad(folder)
        killed.send(SIGKILL)
        #expect(killed.waitForExit() == SIGKILL && killed.wasKilledBySignal)
        // No handler runs for SIGKILL: the scratch file stays, and the catalog is the previous one.
        // The scratch file and whichever of its -journal, -wal and -shm SQLite had made when the kill came:
        // each is a file the next load removes and counts.
        let left = scratchFiles().filter { name in
            [".tmp", ".tmp-journal", ".tmp-wal", ".tmp-shm"].contains { name.hasSuffix($0) }
        }
        try #require(!left.isEmpty, "\(SpecialFiles.names(in: movies.folder.path))")
        let leftBytes = left.reduce(0) { total, name in
            let size =
                (try? FileManager.default.attributesOfItem(atPath: movies.folder.file(name))[.size]) as? Int
            return total + (size ?? 0)
        }
        #expect(fileSnapshot(catalog) == before)
        let again = try movies.run(["catalog", "load", folder])
        #expect(again.status == 0, "\(again)")
        let count = scratchFiles().count
        #expect(count == 0, "\(SpecialFiles.names(in: movies.folder.path))")
        // As `catalog load` says sizes: decimal units, tenths of a megabyte.
        let freed =
            leftBytes >= 1_000_000
            ? "\((leftBytes + 50_000) / 1_000_000).\((leftBytes + 50_000) / 100_000 % 10) MB"
            : leftBytes >= 1_000 ? "\(leftBytes / 1_000) KB" : "\(leftBytes) bytes"
        #expect(
            again.stdout.hasPrefix(
                "Removed \(left.count) scratch file\(left.count == 1 ? "" : "s") of loads that are no longer "
                    + "running (\(freed) freed).\nLoaded 8 films into \(catalog)\n"), "\(again)")
        #expect(SpecialFiles.names(in: movies.folder.path) == ["imdb", "movies.catalog.sqlite"])
        // Nothing left: nothing said.
        let third = try movies.run(["catalog", "load", folder])
        #expect(third.stdout.hasPrefix("Loaded 8 films"), "\(third)")
    }

    @Test func aSecondLoadWhileOneRunsIsRefusedNamingItAndTouchesNothing() async throws {
        let folder = try loadedThenNewerDatasets()
        let before = try #require(fileSnapshot(catalog))
        let first = try await heldLoad(folder)
        let scratch = try #require(scratchFiles().first { $0.hasSuffix(".tmp") })
        // The second load used to run too, both said they succeeded, and the last to finish won.
        try movies.refuse(
            ["catalog", "load", folder], status: 75,
            message:
                "Error: Another catalog load (process \(first.processID)) is writing \(catalog); nothing was "
                + "changed. Wait for it to finish, or stop it, and load again",
            databasePath: catalog)
        #expect(fileSnapshot(catalog) == before)
        #expect(scratchFiles().contains(scratch), "the running load's scratch file is its own")
        first.resumeOutput()
        #expect(first.waitFor("Loaded 8 films"), "\(first.output)")
        #expect(first.waitForExit() == 0, "\(first.output)")
        #expect(SpecialFiles.names(in: movies.folder.path) == ["imdb", "movies.catalog.sqlite"])
        let after = try movies.run(["catalog", "load", folder])
        #expect(after.status == 0 && after.stdout.hasPrefix("Loaded 8 films"), "\(after)")
    }
}

/// A machine without a usable zlib: the load says so (exit 1, not bad data) and nothing is written.
@Suite(.offPool) struct CatalogWithoutZlibTests {
    @Test func aBrokenZlibIsAClearFailure() throws {
        let movies = MoviesProcess()
        let folder = movies.folder.file("imdb")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try IMDbDatasets.write(to: folder)
        // Empty files under zlib's names, found first: the dynamic loader refuses them, as it would a
        // broken installation.
        let broken = movies.folder.file("broken-zlib")
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        for name in ["libz.so.1", "libz.so"] {
            _ = FileManager.default.createFile(atPath: broken + "/" + name, contents: Data())
        }
        let result = try movies.run(["catalog", "load", folder], environment: ["LD_LIBRARY_PATH": broken])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderr.hasPrefix("Error: Cannot read gzip files: zlib is not installed or not usable ("),
            "\(result)")
        #expect(!fileExists(movies.folder.file("movies.catalog.sqlite")))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).sorted() == [
                "broken-zlib", "imdb",
            ])
    }
}

/// The shell's add form with a catalog: the films of the title are offered at a terminal.
@Suite(.offPool) struct CatalogShellTests {
    @Test func theAddFormOffersTheCatalogsFilmsOfTheTitle() throws {
        let movies = MoviesProcess()
        let folder = movies.folder.file("imdb")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try IMDbDatasets.write(to: folder)
        _ = try movies.succeed("catalog", "load", folder)
        let shell = try movies.startShellAtTerminal()
        shell.type("add\n")
        #expect(shell.waitFor("Title: "))
        for (answer, next) in [
            ("Heat", "Rating [not-seen]: "), ("", "Year (optional): "),
            ("", "2  Heat (1972)  tt0068699  Paul Morrissey"), ("3", "type a number from 1 to 2"),
            ("2", "Note (optional): "), ("", "Add Heat (1972)"), ("", "Added 1  Heat (1972)"),
            ("add", "Title: "), ("Amélie", "Rating"), ("", "Year (optional): "),
            ("", "In the catalog: Amélie (2001)  tt0211915  Jean-Pierre Jeunet"),
        ] {
            shell.type(answer + "\n")
            #expect(shell.waitFor(next), "\(next): \(shell.output)")
        }
        for answer in ["", ""] { shell.type(answer + "\n") }
        #expect(shell.waitFor("Added 2  Amélie (2001)"), "\(shell.output)")
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
        #expect(
            try DirectSQL.run(movies.databasePath, "SELECT imdb_id, directors FROM movies ORDER BY id")
                == "tt0068699|Paul Morrissey\ntt0211915|Jean-Pierre Jeunet")
    }
}
