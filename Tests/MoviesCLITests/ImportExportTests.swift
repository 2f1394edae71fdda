import Foundation
import TestSupport
import Testing

@Suite("movies import and export", .offPool)
struct ImportExportTests {
    let movies = MoviesProcess()

    static let ratings = """
        Date,Name,Year,Letterboxd URI,Rating
        2024-01-02,Heat,1995,https://boxd.it/heat,4.5
        2024-01-03,"Paris, Texas",1984,https://boxd.it/paris,3
        2024-01-04,Cats,2019,https://boxd.it/cats,0.5

        """

    @Test("a Letterboxd ratings file imports, says what it did, and exports back")
    func letterboxdFile() throws {
        let file = try movies.folder.write(Self.ratings, to: "ratings.csv")
        #expect(
            try movies.succeed("import", file)
                == "Imported \(file) (Letterboxd ratings): 3 added, 0 updated, 0 unchanged, 0 skipped, 0 rejected.\n"
        )
        // The same file again changes nothing, and says so.
        #expect(try movies.succeed("import", file).contains("0 added, 0 updated, 3 unchanged, 0 skipped"))
        let list = try movies.succeed("list", "--sort", "rating")
        #expect(list.contains("1  Heat          1995  excellent"))
        #expect(list.contains("3  Cats          2019  terrible"))
        let letterboxd = try movies.succeed("export", "--to", "letterboxd")
        #expect(
            letterboxd == """
                Title,Year,Rating,WatchedDate,Rewatch,Review,Tags,imdbID,LetterboxdURI
                Heat,1995,4.5,,,,,,https://boxd.it/heat
                "Paris, Texas",1984,3,,,,,,https://boxd.it/paris
                Cats,2019,0.5,,,,,,https://boxd.it/cats

                """)
    }

    /// Writes a small Letterboxd export folder (ratings, watchlist, watched) and returns its path.
    private func letterboxdExportFolder() throws -> String {
        let folder = movies.folder.file("letterboxd")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.ratings.write(toFile: folder + "/ratings.csv", atomically: true, encoding: .utf8)
        try "Date,Name,Year,Letterboxd URI\n2024-01-01,Dune,2021,https://boxd.it/dune\n".write(
            toFile: folder + "/watchlist.csv", atomically: true, encoding: .utf8)
        try "Date,Name,Year,Letterboxd URI\n2024-01-01,Alien,1979,https://boxd.it/alien\n".write(
            toFile: folder + "/watched.csv", atomically: true, encoding: .utf8)
        return folder
    }

    @Test("a whole Letterboxd export folder")
    func exportFolder() throws {
        let result = try movies.succeed("import", try letterboxdExportFolder())
        #expect(result.contains("5 added"))
        #expect(
            result.contains(
                "1 watched movie has no rating; it is listed as seen (movies list --rating seen)."))
        // The watchlist export holds exactly the unseen films; the other, every seen one, rated or not.
        #expect(
            try movies.succeed("export", "--format", "letterboxd-watchlist")
                == "Title,Year,Rating,WatchedDate,Rewatch,Review,Tags,imdbID,LetterboxdURI\nDune,2021,,,,,,,https://boxd.it/dune\n"
        )
        let seen = try movies.succeed("export", "--format", "letterboxd")
        #expect(seen.contains("Alien,1979,,,,,,,https://boxd.it/alien\n") && !seen.contains("Dune"))
    }

    @Test("a FIFO or a folder in an export folder is refused, not waited on (it used to hang the import)")
    func exportFolderWithAFIFO() throws {
        try movies.succeed("add", "Heat", "--year", "1995")
        let folder = try letterboxdExportFolder()
        let diary = folder + "/diary.csv"
        try #require(SpecialFiles.makeFIFO(diary))
        // No writer ever opens the FIFO: an import that opened it would wait in open(2) until the hang
        // limit.
        try movies.refuse(
            ["import", folder], status: 66,
            message: "Error: Cannot read \(diary): it is a FIFO (named pipe), not a regular file\n")
        try FileManager.default.removeItem(atPath: diary)
        let list = folder + "/lists/heists.csv"
        try FileManager.default.createDirectory(atPath: folder + "/lists", withIntermediateDirectories: true)
        try #require(SpecialFiles.makeFIFO(list))
        try movies.refuse(
            ["import", folder], status: 66,
            message: "Error: Cannot read \(list): it is a FIFO (named pipe), not a regular file\n")
        try FileManager.default.removeItem(atPath: list)
        try FileManager.default.createDirectory(
            atPath: folder + "/diary.csv", withIntermediateDirectories: true)
        try movies.refuse(
            ["import", folder], status: 66,
            message: "Cannot read \(diary): it is a directory, not a regular file")
        // A FIFO the user names is read as a stream, as before: its writer is the user's.
        let named = movies.folder.file("named.csv")
        try #require(SpecialFiles.makeFIFO(named))
        let writer = Thread {
            let descriptor = open(named, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            _ = Array(Self.ratings.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()
        #expect(try movies.succeed("import", named, "--from", "letterboxd-ratings").contains("2 added"))
    }

    @Test(
        "a whole Letterboxd export as a .zip (needs the zip command, which CI installs)",
        .requires(.zip, .libzip))
    func exportZip() throws {
        let folder = try letterboxdExportFolder()
        let zip = movies.folder.file("export.zip")
        let tool = try #require(ProcessRunner.which("zip"))
        let zipped = try ProcessRunner.run(
            tool, ["-q", "-j", zip, folder + "/ratings.csv", folder + "/watchlist.csv"])
        try #require(zipped.status == 0, "\(zipped)")
        #expect(try movies.succeed("import", zip).contains("4 added"))
    }

    @Test("export -o writes atomically; the own formats read back exactly")
    func ownFormatsRoundTrip() throws {
        try movies.succeed(
            "add", "Heat", "--year", "1995", "--rating", "excellent", "--note", "a \"note\",\nwith lines")
        try movies.succeed("add", "千と千尋", "--watched", "2024-02-29")
        for format in ["csv", "tsv", "json", "ndjson"] {
            let path = movies.folder.file("movies.\(format)")
            let written = try movies.run(["export", "--format", format, "-o", path])
            #expect(written.status == 0 && written.stderr == "Exported 2 movies to \(path)\n")
            let other = MoviesProcess()
            #expect(try other.succeed("import", path).contains("2 added"))
            #expect(
                try other.succeed("export", "--format", format)
                    == (try movies.succeed("export", "--format", format)))
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).allSatisfy {
                !$0.hasSuffix(".tmp")
            })
    }

    @Test(
        "bad input: missing file 66, unknown format 65, a bad row 65 with its line, a duplicate with fail 1; nothing changes"
    )
    func refusals() throws {
        try movies.succeed("add", "Heat", "--year", "1995")
        try movies.refuse(["import", movies.folder.file("missing.csv")], status: 66, message: "no such file")
        let unknown = try movies.folder.write("a,b,c\n1,2,3\n", to: "unknown.csv")
        try movies.refuse(["import", unknown], status: 65, message: "Cannot use \(unknown)")
        let bad = try movies.folder.write(
            "Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Alien,1979,https://boxd.it/a,4\n2024-01-01,Bad,1979,https://boxd.it/b,11\n",
            to: "bad.csv")
        try movies.refuse(
            ["import", bad], status: 65, message: "line 3: the rating 11 is not a Letterboxd rating")
        let dryRun = try movies.run(["import", bad, "--dry-run"])
        #expect(dryRun.status == 65)
        #expect(dryRun.stdout.contains("would be 1 added"))
        let duplicate = try movies.folder.write(Self.ratings, to: "ratings.csv")
        try movies.refuse(
            ["import", duplicate, "--on-duplicate", "fail"], status: 1,
            message: "Cannot import \(duplicate): line 2: Heat (1995) is already on the list as id 1")
        try movies.refuse(["import", duplicate, "--from", "imdb"], status: 65, message: "Cannot use")
        try movies.refuse(
            ["import", duplicate, "--on-duplicate", "merge"], status: 64,
            message: "Please provide one of 'skip', 'update' and 'fail'")
        try movies.refuse(
            ["export", "--to", "xml"], status: 64,
            message: "The value 'xml' is invalid for '--format <format>'")
        let garbage = try movies.folder.write("\u{0}\u{1}binary\u{FF}", to: "garbage.json")
        try movies.refuse(["import", garbage], status: 65, message: "Cannot use")
        try movies.refuse(
            ["export", "-o", movies.folder.file("no/such/folder/out.csv")], status: 1, message: "Cannot write"
        )
    }

    @Test("a header of more columns than the limit says the limit (it said the first line '' is no header)")
    func headerPastTheColumnLimit() throws {
        try movies.succeed("add", "Heat", "--year", "1995")
        let columns = (1...1_001).map { "c\($0)" }.joined(separator: ",")
        let wide = try movies.folder.write(columns + "\n" + columns + "\n", to: "wide.csv")
        try movies.refuse(
            ["import", wide], status: 65,
            message: "Cannot use \(wide): line 1: a record has more than 1000 fields")
        // At the limit, the header is read and named.
        let atLimit = try movies.folder.write(
            (1...1_000).map { "c\($0)" }.joined(separator: ",") + "\n", to: "at-limit.csv")
        try movies.refuse(["import", atLimit], status: 65, message: "the first line 'c1,c2,c3")
    }

    @Test("import -- -d.zip: a name starting with - is a file, read in process", .requires(.libzip))
    func dashNamedZip() throws {
        let zip = Reliability.ReliabilityHostileInputTests.path("zip/folder-export.zip")
        let folder = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: zip, toPath: folder.file("-d.zip"))
        let result = try ProcessRunner.run(
            MoviesProcess.binary, ["import", "--", "-d.zip"], environment: movies.environment,
            currentDirectory: folder.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Imported -d.zip (Letterboxd watched films): 1 added"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["-d.zip"])
    }

    #if os(Linux)
        @Test(
            "libzip is loaded by a zip import only, never by other commands or a folder import",
            .requires(.libzip))
        func libzipLoadedOnlyForZips() throws {
            let ldd = try ProcessRunner.run(try #require(ProcessRunner.which("ldd")), [MoviesProcess.binary])
            #expect(ldd.status == 0 && !ldd.stdout.contains("libzip"), "\(ldd)")
            // The dynamic loader's own trace of every library it maps, dlopen() included.
            func librariesLoaded(by arguments: [String]) throws -> String {
                let trace = TemporaryDirectory()
                let result = try movies.run(
                    arguments, environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": trace.file("ld")])
                #expect(result.status == 0, "\(arguments): \(result)")
                return try FileManager.default.contentsOfDirectory(atPath: trace.path)
                    .map { try String(contentsOfFile: trace.file($0), encoding: .utf8) }.joined()
            }
            #expect(!(try librariesLoaded(by: ["add", "Heat"])).contains("libzip"))
            #expect(!(try librariesLoaded(by: ["import", try letterboxdExportFolder()])).contains("libzip"))
            let zip = Reliability.ReliabilityHostileInputTests.path("zip/folder-export.zip")
            #expect(try librariesLoaded(by: ["import", zip]).contains("libzip.so"))
        }
    #endif

    /// Titles a spreadsheet would run as formulas, and titles that only look close to one.
    static let formulaTitles = [
        "=HYPERLINK(\"http://x\",\"y\")", "+1", "-30-", "@home", "'=already quoted", "''@twice",
        "'Round Midnight", "'", "x=1", "=",
    ]

    @Test(
        "csv and tsv escape formulas with a leading ', the import removes exactly that; json and letterboxd do not"
    )
    func formulaEscaping() throws {
        for (index, title) in Self.formulaTitles.enumerated() {
            // After `--`: a title starting with - is not an option.
            try movies.succeed(
                "add", "--year", String(2000 + index), "--rating", "good", "--note", "=1+1", "--", title)
        }
        let csv = try movies.succeed("export")
        #expect(csv.contains(",\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",2000,"), "\(csv)")
        let cells = [
            ",'+1,", ",'-30-,", ",'@home,", ",''=already quoted,", ",'''@twice,", ",'Round Midnight,", ",',",
            ",x=1,", ",'=,", ",'=1+1,",
        ]
        for cell in cells {
            #expect(csv.contains(cell), "\(cell) in \(csv)")
        }
        let tsv = try movies.succeed("export", "--to", "tsv")
        #expect(
            tsv.contains("\t'-30-\t") && tsv.contains("\t'=1+1\t") && tsv.contains("\t'Round Midnight\t"),
            "\(tsv)")
        // The list's machine formats are the same writer.
        #expect(try movies.succeed("list", "--format", "csv") == csv)
        let json = try movies.succeed("export", "--to", "json")
        #expect(json.contains("\"title\":\"-30-\"") && json.contains("\"note\":\"=1+1\""), "\(json)")
        // Letterboxd's importer would keep a quote as part of the title: titles go as they are.
        let letterboxd = try movies.succeed("export", "--to", "letterboxd")
        #expect(letterboxd.contains("\n-30-,2002,") && letterboxd.contains("\n+1,2001,"), "\(letterboxd)")

        for format in ["csv", "tsv"] {
            let path = movies.folder.file("formulas.\(format)")
            try movies.succeed("export", "--to", format, "-o", path)
            let other = MoviesProcess()
            #expect(try other.succeed("import", path).contains("\(Self.formulaTitles.count) added"))
            #expect(try other.succeed("export", "--to", "json") == json, "\(format)")
        }
    }
}
