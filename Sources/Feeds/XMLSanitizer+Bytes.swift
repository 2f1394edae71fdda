/// The byte classes `XMLSanitizer` scans by.
extension XMLSanitizer {
    /// Characters XML 1.0 allows in a document.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF:
            return true
        default:
            return false
        }
    }

    static func digit(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case 0x30...0x39:
            return UInt32(byte - 0x30)
        case 0x41...0x46 where radix == 16:
            return UInt32(byte - 0x41 + 10)
        case 0x61...0x66 where radix == 16:
            return UInt32(byte - 0x61 + 10)
        default:
            return nil
        }
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x3A:
            return true
        default:
            return byte >= 0x80
        }
    }

    static func canFollowLessThan(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x3A, 0x2F, 0x21, 0x3F:
            return true
        default:
            return byte >= 0x80
        }
    }

    static func isDigitOrPunctuation(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x2E
    }
}
