/// libFuzzer target for `CSVReader` (CSV and TSV dialects), read from memory.
///
/// Input layout: the first byte is a control byte, the rest is the file.
/// - bit 0: dialect (0 = CSV, 1 = TSV)
/// - bit 1: limits (0 = the standard ones, 1 = tiny ones, so every limit path is reachable)
/// - bits 2–7: the chunk size, 4 + (0...63) bytes, so fields and line ends straddle refills
///
/// Besides "never traps, never leaks", two oracles turn silent misreads into findings:
/// 1. Chunking does not matter: reading with the small chunk size gives exactly the records and the
///    error (message and line) that reading in one 64 KiB chunk gives.
/// 2. Round trip: records read without an error, written back with `FieldEncoding` and read again,
///    give the same fields.
@testable import Interchange

/// What reading a whole input produced: every record, then the error that stopped it, if any.
private struct Outcome: Equatable {
    var records: [CSVRecord] = []
    var error: ImportFileError?
}

/// The limits for a control byte: the standard ones, or ones small enough that fuzzing hits them.
private func limits(_ control: UInt8) -> CSVLimits {
    control & 2 == 0
        ? .standard : CSVLimits(maximumFieldBytes: 48, maximumFields: 12, maximumRecordBytes: 160)
}

/// Reads `bytes` to the end (or the first error) in chunks of `chunkSize` bytes.
private func read(
    _ bytes: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, limits: CSVLimits, chunkSize: Int
) -> Outcome {
    var outcome = Outcome()
    do {
        let reader = try CSVReader(
            source: ByteSource(bytes: bytes, chunkSize: chunkSize), dialect: dialect, limits: limits)
        while let record = try reader.next() {
            outcome.records.append(record)
        }
    } catch {
        outcome.error = error
        // Messages are built on demand; build them so their code runs too.
        _ = error.description
    }
    return outcome
}

/// The records written back in `dialect` with the project's own field encoding.
///
/// A UTF-8 byte order mark goes first so that a first field that itself starts with U+FEFF survives
/// (the reader skips exactly one mark). A record that is one empty field is written as `""` in CSV:
/// an empty line is a blank line, which readers skip.
private func encode(_ records: [CSVRecord], dialect: CSVDialect) -> [UInt8] {
    var text = "\u{FEFF}"
    for record in records {
        switch dialect {
        case .csv:
            text +=
                record.fields == [""] ? "\"\"" : record.fields.map(FieldEncoding.csv).joined(separator: ",")
        case .tsv:
            text += record.fields.map(FieldEncoding.tsv).joined(separator: "\t")
        }
        text += "\n"
    }
    return Array(text.utf8)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let control = data[0]
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let dialect: CSVDialect = control & 1 == 0 ? .csv : .tsv
    let limits = limits(control)
    let chunkSize = ByteSource.minimumCapacity + Int(control >> 2)

    let small = read(bytes, dialect: dialect, limits: limits, chunkSize: chunkSize)
    let whole = read(bytes, dialect: dialect, limits: limits, chunkSize: ByteSource.defaultCapacity)
    if small != whole {
        fatalError("chunk size \(chunkSize) changes the outcome:\n\(small)\nversus\n\(whole)")
    }

    // The limits count field content, not quotes or escapes, so the same limits must accept the copy.
    guard whole.error == nil, !whole.records.isEmpty else { return 0 }
    let encoded = encode(whole.records, dialect: dialect)
    let again = encoded.withUnsafeBufferPointer {
        read($0, dialect: dialect, limits: limits, chunkSize: ByteSource.defaultCapacity)
    }
    if let error = again.error {
        fatalError("re-reading the written records fails: \(error)\n\(whole.records)")
    }
    if again.records.map(\.fields) != whole.records.map(\.fields) {
        fatalError("round trip changes the records:\n\(whole.records)\nversus\n\(again.records)")
    }
    return 0
}
