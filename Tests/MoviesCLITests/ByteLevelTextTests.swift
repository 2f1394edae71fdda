import Basics
import Foundation
import Testing

@testable import MoviesCLI

/// Words the C library, the shell and SQLite take apart by bytes are taken apart by bytes (or scalars)
/// here too, so a combining mark after a separator never glues the two into one character.
@Suite("Text taken apart as the system takes it apart")
struct ByteLevelTextTests {
    @Test("an environment value that starts with a combining mark keeps it")
    func environmentValue() {
        let name = "MOVIES_TEST_COMBINING_\(getpid())"
        setenv(name, "\u{301}x", 1)
        defer { unsetenv(name) }
        #expect(ProcessEnvironment.current()[name] == "\u{301}x")
    }

    @Test("the program is named by the last component of its path")
    func programName() {
        #expect(MoviesCLI.programName("/usr/local/bin/news") == "news")
        #expect(MoviesCLI.programName("news") == "news")
        #expect(MoviesCLI.programName("./movies") == "movies")
        #expect(MoviesCLI.programName("/opt/\u{301}/movies") == "movies")
        #expect(MoviesCLI.programName(nil) == "movies")
        #expect(MoviesCLI.programName("") == "movies")
    }

    @Test("an option's inline value may start with a combining mark")
    func inlineValue() throws {
        #expect(try command(ListCommand.self, "list", "--tag=\u{301}x").tag == "\u{301}x")
        #expect(try command(ListCommand.self, "list", "--tag=x").tag == "x")
    }

    @Test("ASCII capitals are made small, nothing else is")
    func asciiLowercased() {
        #expect("ÄRGER".asciiLowercased == "Ärger")
        #expect("Feed://Example.ORG"[...].asciiLowercased == "feed://example.org")
        #expect("déjà vu".asciiLowercased == "déjà vu")
        #expect("".asciiLowercased == "")
    }

    @Test("prefixes and suffixes compare bytes")
    func prefixes() {
        #expect("/\u{301}home".hasUTF8Prefix("/"))
        #expect(!"/\u{301}home".hasPrefix("/"))  // what a character comparison says
        #expect("~/films".hasUTF8Prefix("~/"))
        #expect(!"films".hasUTF8Prefix("~/"))
        #expect("/home/ana/".hasUTF8Suffix("/"))
        #expect(!"/".hasUTF8Suffix("//"))
        #expect("".hasUTF8Prefix(""))
    }

    @Test(
        "integers are written in decimal as String(value) writes them",
        arguments: [
            0, 7, -1, 10, 1_234_567_890, Int64.max, Int64.min,
        ] as [Int64])
    func decimal(value: Int64) {
        var bytes: [UInt8] = Array("x".utf8)
        bytes.appendDecimal(value)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(value))
    }
}
