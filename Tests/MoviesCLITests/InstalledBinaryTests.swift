import Foundation
import TestSupport
import Testing

/// The binary as `Scripts/install.sh` builds it, named by `MOVIES_INSTALLED_BINARY` (CI builds it and
/// passes it in; the debug build the other tests run is linked for development, run path and all).
enum InstalledBinary {
    static let path = ProcessInfo.processInfo.environment["MOVIES_INSTALLED_BINARY"]
    /// Set to 1 for a binary built by `Scripts/install.sh --with-symbols`, which keeps its symbols.
    static let hasSymbols = ProcessInfo.processInfo.environment["MOVIES_INSTALLED_BINARY_HAS_SYMBOLS"] == "1"

    /// `readelf -W <options>` of it (`-d` the dynamic section, `-h` the file header, `-S` the sections,
    /// `--dyn-syms` the symbols the dynamic loader sees).
    static func readelf(_ options: String...) throws -> String {
        let readelf = try #require(ProcessRunner.which("readelf"), "readelf (binutils) is needed")
        let result = try ProcessRunner.run(readelf, ["-W"] + options + [try #require(path)])
        try #require(result.status == 0, "\(result)")
        return result.stdout
    }

    /// The libraries its dynamic section names (`NEEDED`), e.g. `libsqlite3.so.0`.
    static func neededLibraries() throws -> [String] {
        try readelf("-d").split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            line.split(separator: "[").last?.split(separator: "]").first.map(String.init)
        }
    }
}

@Suite(
    "The installed binary", .offPool,
    .enabled(
        if: InstalledBinary.path != nil,
        "set MOVIES_INSTALLED_BINARY to a binary built by Scripts/install.sh --build-only (CI does)"))
struct InstalledBinaryTests {
    let folder = TemporaryDirectory()

    @Test("its dynamic section names no run path, so nothing beside it is searched for libraries")
    func noRunPath() throws {
        let section = try InstalledBinary.readelf("-d")
        #expect(!section.contains("(RUNPATH)") && !section.contains("(RPATH)"), "\(section)")
        #expect(section.contains("libsqlite3.so.0"), "\(section)")
    }

    @Test("it needs only libsqlite3 and the C library: libstdc++ and libgcc are linked in")
    func neededLibraries() throws {
        let needed = try InstalledBinary.neededLibraries()
        #expect(needed.contains("libsqlite3.so.0"), "\(needed)")
        let others = needed.filter { name in
            !["libsqlite3.so.", "libc.so.", "libm.so.", "ld-linux"].contains { name.hasPrefix($0) }
        }
        #expect(others.isEmpty, "needs \(others) (libstdc++ and libgcc_s are linked in for start-up)")
    }

    /// An executable no library links against needs to export nothing; every exported symbol is one
    /// more entry in the table the dynamic loader searches first for each symbol it resolves.
    @Test("it exports no symbol of its own to the dynamic loader")
    func exportsNothing() throws {
        let defined = try InstalledBinary.readelf("--dyn-syms").split(separator: "\n").filter { line in
            let fields = line.split(separator: " ")
            // `Num: Value Size Type Bind Vis Ndx Name`: a defined symbol has a section index, not UND.
            return fields.count >= 8 && fields[0].hasSuffix(":")
                && fields[0].dropLast().allSatisfy(\.isNumber)
                && fields[6] != "UND"
        }
        #expect(defined.isEmpty, "exports \(defined.count): \(defined.prefix(5))")
    }

    @Test("it is not position-independent: the loader applies no relocations of its own at start")
    func fixedAddress() throws {
        let header = try InstalledBinary.readelf("-h")
        #expect(header.contains("EXEC (Executable file)"), "\(header)")
    }

    @Test("it carries no debug information, and no symbol table unless built with --with-symbols")
    func stripped() throws {
        let sections = try InstalledBinary.readelf("-S")
        #expect(!sections.contains(" .debug_info "), "\(sections)")
        #expect(sections.contains(" .symtab ") == InstalledBinary.hasSymbols, "\(sections)")
    }

    /// The functions `Scripts/startup-order.txt` lists, as the symbols build places them: before the
    /// layout, 40 % of them sat past the text's first third, the last of them 11.1 MB in; laid out, all
    /// of them sit in its first 3.5 MB (of 11 MB).
    @Test(
        "the functions a one-shot command runs are laid out together at the front of the text",
        .enabled(if: InstalledBinary.hasSymbols, "needs a binary built with --with-symbols"))
    func laidOutForStartUp() throws {
        let functions = try symbolAddresses(kinds: ["t", "T"])
        let textStart = try #require(functions.values.min())
        let textEnd = try #require(functions.values.max())
        let listed = try orderedNames().compactMap { functions[$0] }
        #expect(listed.count > 1000, "the binary has \(listed.count) of the listed functions")
        let farthest = try #require(listed.max()) - textStart
        #expect(
            farthest < (textEnd - textStart) / 3, "a listed function lies \(farthest) bytes into the text")
    }

    /// The data symbols the list names (what the one-shot commands read and write, found by lackey):
    /// before, each output section's last listed symbol sat 76 % (`.data`) to 100 % (`.bss`) of the
    /// way in, so the pages they touched were spread over all of it; laid out, 54 % (`.data.rel.ro`)
    /// at most, 19 % to 25 % in the other three.
    @Test(
        "the data a one-shot command touches is laid out at the front of each data section",
        .enabled(if: InstalledBinary.hasSymbols, "needs a binary built with --with-symbols"))
    func dataLaidOutForStartUp() throws {
        let symbols = try symbolAddresses(kinds: ["b", "B", "d", "D", "r", "R", "v", "V"])
        let listed = try orderedNames().compactMap { symbols[$0] }
        for line in try InstalledBinary.readelf("-S").split(separator: "\n") {
            // "  [31] .data   PROGBITS   0000000000f9c5c0 d9a5c0 02a208 00  WA  0   0 32"
            let fields = line.replacingOccurrences(of: "[ ", with: "[").split(separator: " ")
            guard fields.count > 5, [".data", ".bss", ".data.rel.ro", ".rodata"].contains(fields[1]),
                let start = UInt64(fields[3], radix: 16), let size = UInt64(fields[5], radix: 16), size > 0
            else { continue }
            let inside = listed.filter { $0 >= start && $0 < start + size }
            try #require(!inside.isEmpty, "no listed symbol lies in \(fields[1])")
            let farthest = try #require(inside.max()) - start
            #expect(
                farthest * 10 < size * 6,
                "a listed symbol lies \(farthest) bytes into \(fields[1]) of \(size)")
        }
    }

    /// The names `Scripts/startup-order.txt` lists, functions then data.
    private func orderedNames() throws -> [String] {
        let order = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Scripts/startup-order.txt").standardized.path
        return try String(contentsOfFile: order, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// Each defined symbol of the given `nm` kinds, by name, at its lowest address.
    private func symbolAddresses(kinds: Set<Substring>) throws -> [String: UInt64] {
        let nm = try #require(ProcessRunner.which("nm"), "nm (binutils) is needed")
        let result = try ProcessRunner.run(nm, ["-n", "--defined-only", try #require(InstalledBinary.path)])
        try #require(result.status == 0, "\(result)")
        var addresses: [String: UInt64] = [:]
        for line in result.stdout.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 3, kinds.contains(fields[1]), let address = UInt64(fields[0], radix: 16)
            else { continue }
            let name = String(fields[2])
            addresses[name] = min(addresses[name] ?? address, address)
        }
        return addresses
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
