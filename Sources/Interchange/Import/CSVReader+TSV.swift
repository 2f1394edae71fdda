import MoviesCore

extension CSVReader {
    /// Where the TSV scanner is within a field.
    private enum TSVState {
        case plain
        /// Just after a backslash.
        case escape
    }

    /// The fields of the next TSV record (blank or not), or nil at the end of the file.
    ///
    /// TSV has no quoting: a tab always separates and a line break always ends the record. The escapes
    /// `\t`, `\n`, `\r`, `\\` are decoded; any other backslash is kept as it is, so a Windows path in a
    /// hand-made file survives.
    func readTSVFields() throws(ImportFileError) -> [String]? {
        var fields: [String] = []
        fields.reserveCapacity(fieldCountHint)
        var state = TSVState.plain
        var recordBytes = 0
        var sawAnyByte = false
        field.removeAll(keepingCapacity: true)

        while true {
            if source.start >= source.end, try !source.refill() {
                guard sawAnyByte else { return nil }
                if state == .escape {
                    // A kept backslash counts towards the field's limit like any other byte.
                    try checkFieldLength(field.count + 1, quoted: false)
                    field.append(Byte.backslash)
                }
                try appendField(to: &fields, from: nil, recordBytes: &recordBytes)
                return fields
            }
            guard let base = source.buffer.baseAddress else { return nil }
            var index = source.start
            let end = source.end
            sawAnyByte = true
            scan: while index < end {
                switch state {
                case .plain:
                    let runStart = index
                    while index < end {
                        let byte = base[index]
                        if byte == Byte.tab || byte == Byte.lineFeed || byte == Byte.carriageReturn
                            || byte == Byte.backslash || byte == 0
                        {
                            break
                        }
                        index += 1
                    }
                    let run = UnsafeBufferPointer(start: base + runStart, count: index - runStart)
                    if index == end {
                        try appendToField(run, quoted: false)
                        break scan
                    }
                    let terminator = base[index]
                    index += 1
                    switch terminator {
                    case 0:
                        // As in CSV: a field over the limit before the NUL is reported first.
                        try checkFieldLength(field.count + run.count, quoted: false)
                        throw .malformed(line: line, .nulByte)
                    case Byte.backslash:
                        try appendToField(run, quoted: false)
                        state = .escape
                    default:
                        if field.isEmpty {
                            try checkFieldLength(run.count, quoted: false)
                            try appendField(to: &fields, from: run, recordBytes: &recordBytes)
                        } else {
                            try appendToField(run, quoted: false)
                            try appendField(to: &fields, from: nil, recordBytes: &recordBytes)
                        }
                        if terminator != Byte.tab {
                            line += 1
                            pendingLineFeed = terminator == Byte.carriageReturn
                            source.start = index
                            return fields
                        }
                        fieldLine = line
                    }

                case .escape:
                    let byte = base[index]
                    state = .plain
                    switch byte {
                    case UInt8(ascii: "t"): field.append(Byte.tab)
                    case UInt8(ascii: "n"): field.append(Byte.lineFeed)
                    case UInt8(ascii: "r"): field.append(Byte.carriageReturn)
                    case Byte.backslash: field.append(Byte.backslash)
                    default:
                        // Not an escape: keep the backslash; the byte itself is read as plain text (it may
                        // be a separator or line end). The kept backslash is checked against the limit
                        // here: when a separator follows, nothing else would check it.
                        try checkFieldLength(field.count + 1, quoted: false)
                        field.append(Byte.backslash)
                        continue scan
                    }
                    index += 1
                    try checkFieldLength(field.count, quoted: false)
                }
            }
            source.start = index
        }
    }
}
