import Foundation
import TestSupport
import Testing

/// The binary as `Scripts/install.sh` builds it, named by `MOVIES_INSTALLED_BINARY` (CI builds it and
/// passes it in; the debug build the other tests run is linked for development, run path and all).
enum InstalledBinary {
    static let path = ProcessInfo.processInfo.environment["MOVIES_INSTALLED_BINARY"]

    /// `readelf -d` of it: the dynamic section's entries, one a line.
    static func dynamicSection(_ binary: String) throws -> String {
        let readelf = try #require(ProcessRunner.which("readelf"), "readelf (binutils) is needed")
        let result = try ProcessRunner.run(readelf, ["-d", binary])
        try #require(result.status == 0, "\(result)")
        return result.stdout
    }
}

@Suite(
    "The installed binary",
    .enabled(
        if: InstalledBinary.path != nil,
        "set MOVIES_INSTALLED_BINARY to a binary built by Scripts/install.sh --build-only (CI does)"))
struct InstalledBinaryTests {
    let folder = TemporaryDirectory()

    @Test("its dynamic section names no run path, so nothing beside it is searched for libraries")
    func noRunPath() throws {
        let section = try InstalledBinary.dynamicSection(try #require(InstalledBinary.path))
        #expect(!section.contains("(RUNPATH)") && !section.contains("(RPATH)"), "\(section)")
        #expect(section.contains("libsqlite3.so.0"), "\(section)")
    }

    @Test("a libsqlite3, libcurl, libxml2 or libzip planted beside it is never loaded")
    func plantedLibraries() throws {
        let compiler = try #require(
            ProcessRunner.which("cc"), "a C compiler (cc) is needed to build the decoys")
        let binary = folder.file("bin/movies")
        try FileManager.default.createDirectory(atPath: folder.file("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try #require(InstalledBinary.path), toPath: binary)
        let marker = folder.file("loaded")
        // A library whose constructor leaves a mark: loaded at all, it has run.
        let source = try folder.write(
            """
            #include <stdio.h>
            __attribute__((constructor)) static void planted(void) {
                FILE *file = fopen("\(marker)", "a");
                if (file) { fputs("planted library ran\\n", file); fclose(file); }
            }
            """, to: "planted.c")
        for name in ["libsqlite3.so.0", "libcurl.so.4", "libxml2.so.2", "libzip.so.4", "libreadline.so.8"] {
            let built = try ProcessRunner.run(
                compiler, ["-shared", "-fPIC", "-o", folder.file("bin/" + name), source])
            try #require(built.status == 0, "\(built)")
        }
        let environment = [
            "HOME": folder.file("home"), "PATH": "/usr/bin:/bin", "MOVIES_DB": folder.file("movies.sqlite"),
        ]
        for arguments in [["--version"], ["add", "Heat"], ["list"], ["news", "import", source]] {
            let result = try ProcessRunner.run(binary, arguments, environment: environment)
            #expect(!result.crashed, "\(arguments): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: marker), "a library beside the binary was loaded")
    }
}
