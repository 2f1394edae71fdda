import Foundation
import Interchange
import Testing

/// A zip archive built in memory, its entries stored (not compressed), with Unix modes: enough to
/// give `LetterboxdExportZip` any layout of names, kinds and sizes without a zip tool.
struct StoredZip {
    struct Entry {
        var name: String
        var bytes: [UInt8]
        var mode: UInt32 = 0o100644
    }

    var entries: [Entry] = []

    mutating func add(_ name: String, _ text: String, mode: UInt32 = 0o100644) {
        entries.append(Entry(name: name, bytes: Array(text.utf8), mode: mode))
    }

    /// The archive's bytes: local headers and data, the central directory, its end record.
    var bytes: [UInt8] {
        var output: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = Self.crc32(entry.bytes)
            let offset = UInt32(output.count)
            output +=
                Self.le32(0x0403_4B50) + Self.le16(20) + Self.le16(0) + Self.le16(0) + Self.le16(0)
                + Self.le16(0x21) + Self.le32(crc) + Self.le32(UInt32(entry.bytes.count))
                + Self.le32(UInt32(entry.bytes.count)) + Self.le16(UInt16(name.count)) + Self.le16(0) + name
                + entry.bytes
            directory +=
                Self.le32(0x0201_4B50) + Self.le16(0x0314) + Self.le16(20) + Self.le16(0) + Self.le16(0)
                + Self.le16(0) + Self.le16(0x21) + Self.le32(crc) + Self.le32(UInt32(entry.bytes.count))
                + Self.le32(UInt32(entry.bytes.count)) + Self.le16(UInt16(name.count)) + Self.le16(0)
                + Self.le16(0) + Self.le16(0) + Self.le16(0) + Self.le32(entry.mode << 16) + Self.le32(offset)
                + name
        }
        let start = UInt32(output.count)
        output += directory
        output +=
            Self.le32(0x0605_4B50) + Self.le16(0) + Self.le16(0) + Self.le16(UInt16(entries.count))
            + Self.le16(UInt16(entries.count)) + Self.le32(UInt32(directory.count)) + Self.le32(start)
            + Self.le16(0)
        return output
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    /// CRC-32 (IEEE 802.3, reflected), as zip uses.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}

@Suite(
    "Letterboxd zips, read in process",
    .requires(.libzip))
struct LetterboxdZipTests {
    static let header = "Date,Name,Year,Letterboxd URI\n"

    static func row(_ title: String) -> String {
        "2024-01-01,\(title),2001,https://boxd.it/x\n"
    }

    /// The titles the zip's readers yield, file by file, or the refusal's text.
    static func titles(_ zip: StoredZip, limits: LetterboxdExportZip.Limits = .standard) -> Result<
        [String], InputFileError
    > {
        do {
            let archive = try ZipArchive(bytes: zip.bytes)
            let readers = try LetterboxdExportZip(path: "export.zip", archive: archive, limits: limits)
                .readers()
            var titles: [String] = []
            for reader in readers {
                while let row = try reader.next() {
                    if case .success(let movie) = row { titles.append(movie.title) }
                }
            }
            return .success(titles)
        } catch let error as InputFileError {
            return .failure(error)
        } catch {
            Issue.record("unexpected \(error)")
            return .success([])
        }
    }

    static func refusal(_ zip: StoredZip, limits: LetterboxdExportZip.Limits = .standard) -> String? {
        if case .failure(let error) = titles(zip, limits: limits) { return error.description }
        return nil
    }

    @Test("the export's files at the top level, in import order; others and deeper folders are left alone")
    func topLevel() throws {
        var zip = StoredZip()
        zip.add(
            "ratings.csv", "Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Rated,2001,https://boxd.it/r,4\n"
        )
        zip.add("watched.csv", Self.header + Self.row("Watched"))
        zip.add("likes/films.csv", Self.header + Self.row("Liked"))
        zip.add("deleted/watched.csv", Self.header + Self.row("Deleted"))
        zip.add("profile.csv", "Date Joined,Username\n2020-01-01,me\n")
        #expect(try Self.titles(zip).get() == ["Watched", "Rated"])
    }

    @Test("a zipped export folder: the one folder that holds the files; two such folders are refused")
    func oneFolder() throws {
        var zip = StoredZip()
        zip.add("letterboxd-me/watched.csv", Self.header + Self.row("In the folder"))
        zip.add("letterboxd-me/deleted/watched.csv", Self.header + Self.row("Deleted"))
        #expect(try Self.titles(zip).get() == ["In the folder"])
        zip.add("other/watchlist.csv", Self.header + Self.row("Elsewhere"))
        #expect(Self.refusal(zip)?.contains("several folders (letterboxd-me, other)") == true)
    }

    @Test("symbolic links, folders, FIFOs and devices named like the export's files are skipped")
    func notRegularFiles() throws {
        var zip = StoredZip()
        zip.add("watchlist.csv", "/etc/passwd", mode: 0o120777)
        zip.add("diary.csv", Self.header + Self.row("Through a FIFO"), mode: 0o010644)
        zip.add("ratings.csv", Self.header + Self.row("A device"), mode: 0o020644)
        zip.add("reviews.csv/", "", mode: 0o040755)
        zip.add("watched.csv", Self.header + Self.row("Regular"))
        #expect(try Self.titles(zip).get() == ["Regular"])
        var none = StoredZip()
        none.add("watched.csv", "/etc/passwd", mode: 0o120777)
        #expect(Self.refusal(none)?.contains("no Letterboxd export files in it") == true)
    }

    @Test("names leading out of the archive are refused, whatever entry they are on")
    func unsafeNames() throws {
        let unsafe = [
            "../watched.csv", "a/../../watched.csv", "/etc/watched.csv", "\\watched.csv", "..\\watched.csv",
            "C:\\watched.csv", "C:watched.csv", "x/..",
        ]
        for name in unsafe {
            #expect(LetterboxdExportZip.unsafeNameProblem(name) != nil, "\(name)")
            var zip = StoredZip()
            zip.add("watched.csv", Self.header + Self.row("Fine"))
            zip.add(name, "anything")
            #expect(Self.refusal(zip)?.contains("it holds an entry named '\(name)'") == true, "\(name)")
        }
        for name in ["watched.csv", "a/b.csv", "..a/watched.csv", "a..b", "./watched.csv", "likes/films.csv"]
        {
            #expect(LetterboxdExportZip.unsafeNameProblem(name) == nil, "\(name)")
        }
    }

    @Test("sizes are counted as the data inflates: one file past its cap, or all past theirs, is refused")
    func caps() throws {
        let limits = LetterboxdExportZip.Limits(file: 102, total: 150)
        // 30 + 2 × 36 bytes: exactly at the cap.
        let watched = Self.header + String(repeating: Self.row("W"), count: 2)
        #expect(watched.utf8.count == 102)
        var zip = StoredZip()
        zip.add("watched.csv", watched)
        #expect(try Self.titles(zip, limits: limits).get() == ["W", "W"])

        var tooLarge = StoredZip()
        tooLarge.add("watched.csv", watched + "\n")
        #expect(
            Self.refusal(tooLarge, limits: limits)
                == "cannot use export.zip: its watched.csv unpacks to more than 102 bytes, far more than a "
                + "Letterboxd export holds; nothing was imported")

        var together = StoredZip()
        together.add("watched.csv", watched)
        together.add("watchlist.csv", watched)
        #expect(
            Self.refusal(together, limits: limits)?.contains(
                "its files unpack to more than 150 bytes together") == true)

        // The standard caps.
        #expect(LetterboxdExportZip.Limits.standard.file == 128 << 20)
        #expect(LetterboxdExportZip.Limits.standard.total == 256 << 20)
    }

    @Test("not a zip, and two entries of one name, are refused with what is wrong")
    func refusals() throws {
        #expect(throws: ZipError.self) { try ZipArchive(bytes: Array("plain text".utf8)) }
        var twice = StoredZip()
        twice.add("watched.csv", Self.header + Self.row("One"))
        twice.add("watched.csv", Self.header + Self.row("Two"))
        #expect(Self.refusal(twice) == "cannot use export.zip: it holds two entries named 'watched.csv'")
    }
}
