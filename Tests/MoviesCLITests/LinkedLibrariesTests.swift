import Foundation
import TestSupport
import Testing

#if os(Linux)
    /// What the program loads (issue 14): FoundationEssentials alone, so neither Foundation, its
    /// internationalization (ICU and its ~30 MB of data) nor FoundationXML (libxml2) is linked or mapped;
    /// libxml2, libcurl and libzip are dlopen()ed by the commands that need them.
    @Suite("Linked libraries", .offPool)
    struct LinkedLibrariesTests {
        /// Libraries that would bring ICU or libxml2 back at start-up.
        static let forbidden = [
            "libFoundation.so", "FoundationInternationalization", "FoundationXML", "FoundationNetworking",
            "_FoundationICU", "libicu", "libxml2", "libz.so", "liblzma",
        ]

        /// The installed build (Scripts/install.sh): `swift build -c release --static-swift-stdlib`, next to the
        /// debug folder the tests run from.
        static var releaseBinary: String {
            URL(fileURLWithPath: MoviesProcess.binary).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("release/movies").path
        }

        static func ldd(_ binary: String) throws -> String {
            let ldd = try ProcessRunner.run(try #require(ProcessRunner.which("ldd")), [binary])
            #expect(ldd.status == 0, "\(ldd)")
            return ldd.stdout
        }

        @Test("the built binary links no Foundation, ICU or libxml2")
        func builtBinaryLinks() throws {
            let libraries = try Self.ldd(MoviesProcess.binary)
            #expect(libraries.contains("libsqlite3"), "\(libraries)")
            for name in Self.forbidden {
                #expect(!libraries.contains(name), "\(name) in \(libraries)")
            }
        }

        @Test("list, search and add map no ICU, Foundation or libxml2 library")
        func commandsMapNothingMore() throws {
            let movies = MoviesProcess()
            // The dynamic loader's own trace of every library it maps, dlopen() included.
            func librariesLoaded(by arguments: [String]) throws -> String {
                let trace = TemporaryDirectory()
                let result = try movies.run(
                    arguments, environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": trace.file("ld")])
                #expect(result.status == 0, "\(result)")
                return try FileManager.default.contentsOfDirectory(atPath: trace.path)
                    .map { try String(contentsOfFile: trace.file($0), encoding: .utf8) }.joined()
            }
            for arguments in [["add", "Heat"], ["list"], ["search", "heat"]] {
                let loaded = try librariesLoaded(by: arguments)
                #expect(loaded.contains("libsqlite3"), "\(arguments)")
                for name in Self.forbidden {
                    #expect(!loaded.contains(name), "\(arguments) loaded \(name)")
                }
            }
        }

        @Test(
            "the installed build links only libsqlite3, the C library and the static runtime's needs",
            .enabled(
                if: FileManager.default.isExecutableFile(atPath: releaseBinary),
                "no release build: swift build -c release --static-swift-stdlib"))
        func installedBuildLinks() throws {
            let allowed = [
                "linux-vdso", "libsqlite3", "libc.so", "libm.so", "libstdc++", "libgcc_s", "ld-linux",
            ]
            let libraries = try Self.ldd(Self.releaseBinary).split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            #expect(!libraries.isEmpty)
            for library in libraries {
                #expect(allowed.contains { library.contains($0) }, "\(library) is linked")
            }
            // ICU's data (the `icudt*` symbol), which a static Foundation would carry inside the binary.
            let icuData = try ProcessRunner.run("/bin/grep", ["-c", "icudt", Self.releaseBinary])
            #expect(icuData.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(icuData)")
        }
    }
#endif
