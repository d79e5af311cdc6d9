/// Reads a JSON document (RFC 8259) into a `JSONValue`, in Swift alone (no Foundation).
///
/// No input can make it trap: reads are bounds-checked, integers are accumulated with
/// overflow-reporting arithmetic (a larger one is read as a double, as JSON allows), nesting is
/// limited, and every refusal is a `JSONError` with the offset.
public struct JSONReader {
    /// How deep arrays and objects may nest; bounds the reader's recursion.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var offset = 0

    /// Parses `bytes`, which must hold one JSON value and nothing after it but whitespace.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.offset == bytes.count else { throw reader.failure("text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: - Values

    private mutating func readValue(depth: Int) throws(JSONError) -> JSONValue {
        guard depth <= Self.maximumDepth else {
            throw failure("arrays and objects nested more than \(Self.maximumDepth) deep")
        }
        switch peek() {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        case nil: throw failure("the document ends where a value should be")
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            return try readNumber()
        default: throw failure("a value cannot start here")
        }
    }

    private mutating func readObject(depth: Int) throws(JSONError) -> JSONValue {
        offset += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("an object member must start with a quoted name") }
            let name = try readString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            offset += 1
            skipWhitespace()
            let start = offset
            let value = try readValue(depth: depth + 1)
            guard members.updateValue(value, forKey: name) == nil else {
                throw JSONError(offset: start, reason: "a member named twice")
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return .object(members)
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func readArray(depth: Int) throws(JSONError) -> JSONValue {
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth + 1))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return .array(elements)
            default: throw failure("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func readLiteral(_ word: String, _ value: JSONValue) throws(JSONError) -> JSONValue {
        for (position, byte) in word.utf8.enumerated() where peek(position) != byte {
            throw failure("not a JSON value (expected \(word))")
        }
        offset += word.utf8.count
        return value
    }

    // MARK: - Strings

    /// A string, the cursor on its opening quote. Control characters must be escaped; the
    /// text must be UTF-8, and `\u` escapes must pair their surrogates.
    private mutating func readString() throws(JSONError) -> String {
        let opening = offset
        if let plain = readPlainString() { return plain }
        offset += 1
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else { throw JSONError(offset: opening, reason: "a string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw JSONError(offset: opening, reason: "a string that is not UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                try readEscape(into: &text)
            case 0..<0x20:
                throw failure("a control character in a string")
            default:
                text.append(byte)
                offset += 1
            }
        }
    }

    /// A string without escapes or control characters, as nearly every string is: its text is
    /// the document's bytes between the quotes, checked and made a string in one step. Nil, with
    /// the cursor left on the opening quote, for any other string, which `readString` reads
    /// (and refuses) byte by byte.
    private mutating func readPlainString() -> String? {
        let start = offset + 1
        let read = bytes.withUnsafeBufferPointer { bytes -> (text: String, end: Int)? in
            var position = start
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                    return text.map { ($0, position) }
                case UInt8(ascii: "\\"), 0..<0x20: return nil
                default: position += 1
                }
            }
            return nil
        }
        guard let read else { return nil }
        offset = read.end + 1
        return read.text
    }

    private mutating func readEscape(into text: inout [UInt8]) throws(JSONError) {
        offset += 1
        guard let letter = peek() else { throw failure("a backslash at the end of the document") }
        offset += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(letter)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var unit = try readHexUnit()
            if (0xD800..<0xDC00).contains(unit) {
                guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
                    throw failure("a lone surrogate in \\u escapes")
                }
                offset += 2
                let low = try readHexUnit()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate in \\u escapes") }
                unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(unit) else { throw failure("a lone surrogate in \\u escapes") }
            text.append(contentsOf: String(Character(scalar)).utf8)
        default:
            throw failure("an unknown escape")
        }
    }

    /// Four hexadecimal digits after `\u`.
    private mutating func readHexUnit() throws(JSONError) -> UInt32 {
        var unit: UInt32 = 0
        for position in 0..<4 {
            guard let byte = peek(position) else { throw failure("\\u takes four hexadecimal digits") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("\\u takes four hexadecimal digits")
            }
            unit = unit << 4 | UInt32(digit)
        }
        offset += 4
        return unit
    }

    // MARK: - Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`: an integer when it has neither
    /// fraction nor exponent and fits in 64 bits, else a double.
    private mutating func readNumber() throws(JSONError) -> JSONValue {
        let start = offset
        if peek() == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        skipDigits()
        guard offset > integerStart else { throw failure("a '-' without digits") }
        guard bytes[integerStart] != UInt8(ascii: "0") || offset == integerStart + 1 else {
            throw JSONError(offset: integerStart, reason: "a number with a leading zero")
        }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            offset += 1
            let fractionStart = offset
            skipDigits()
            guard offset > fractionStart else { throw failure("a '.' without digits after it") }
            isInteger = false
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            let exponentStart = offset
            skipDigits()
            guard offset > exponentStart else { throw failure("an exponent without digits") }
            isInteger = false
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        if isInteger, let value = Self.integer(bytes[integerStart..<offset], negative: negative) {
            return .integer(value)
        }
        guard let value = Double(String(decoding: bytes[start..<offset], as: UTF8.self)), value.isFinite else {
            throw JSONError(offset: start, reason: "a number too large for a double")
        }
        return .double(value)
    }

    /// The digits as a 64-bit integer, nil when it does not fit.
    private static func integer(_ digits: ArraySlice<UInt8>, negative: Bool) -> Int64? {
        var value: Int64 = 0
        for byte in digits {
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) =
                negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflowShift || overflowAdd { return nil }
            value = next
        }
        return value
    }

    private mutating func skipDigits() {
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
    }

    // MARK: - Cursor

    private func peek(_ ahead: Int = 0) -> UInt8? {
        let position = offset + ahead
        return position >= 0 && position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private func failure(_ reason: String) -> JSONError {
        JSONError(offset: offset, reason: reason)
    }
}
