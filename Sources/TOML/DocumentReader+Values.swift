/// Values: strings, arrays and inline tables by their first character; everything else (numbers,
/// booleans, `inf`, `nan`, dates and times) as one bare token.
extension DocumentReader {
    /// The value at the cursor, `depth` tables and arrays deep.
    mutating func readValue(depth: Int) throws(TOMLError) -> TOMLValue {
        guard depth <= TOMLParser.maximumDepth else {
            throw failure("values nested more than \(TOMLParser.maximumDepth) deep")
        }
        switch peek() {
        case UInt8(ascii: "\""):
            let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
            return .string(try readBasicString(multiline: multiline))
        case UInt8(ascii: "'"):
            let multiline = peek(1) == UInt8(ascii: "'") && peek(2) == UInt8(ascii: "'")
            return .string(try readLiteralString(multiline: multiline))
        case UInt8(ascii: "["):
            return try readArray(depth: depth)
        case UInt8(ascii: "{"):
            return try readInlineTable(depth: depth)
        default:
            return try readBareValue()
        }
    }

    /// `[ value, value, ]`: newlines and comments may stand between the elements, a comma
    /// may follow the last, and the elements' types may differ (TOML 1.0).
    private mutating func readArray(depth: Int) throws(TOMLError) -> TOMLValue {
        offset += 1
        var elements: [TOMLValue] = []
        while true {
            try skipSpacesCommentsAndNewlines()
            if peek() == UInt8(ascii: "]") { break }
            elements.append(try readValue(depth: depth + 1))
            try skipSpacesCommentsAndNewlines()
            if peek() == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            guard peek() == UInt8(ascii: "]") else {
                throw failure("expected ',' or ']' in the array, found \(describe(at: offset))")
            }
            break
        }
        offset += 1
        return .array(elements)
    }

    /// `{ key = value, a.b = value }` on one line, without a trailing comma (TOML 1.0). The
    /// table is complete once read: nothing later in the document may add to it.
    private mutating func readInlineTable(depth: Int) throws(TOMLError) -> TOMLValue {
        let start = offset
        offset += 1
        let table = TableNode(origin: .inline, location: source.location(of: start), depth: depth, path: keyPath ?? "")
        let outerKey = key
        skipSpaces()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return .table(table.finished())
        }
        while true {
            skipSpaces()
            try readKeyValue(into: table) // Dotted keys make tables inside it.
            key = outerKey
            skipSpaces()
            switch peek() {
            case UInt8(ascii: ","):
                offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return .table(table.finished())
            default:
                throw failure("expected ',' or '}' in the inline table, found \(describe(at: offset))")
            }
        }
    }

    /// Spaces, newlines and comments, as arrays allow between their elements.
    private mutating func skipSpacesCommentsAndNewlines() throws(TOMLError) {
        while true {
            skipSpaces()
            switch peek() {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): try readNewline()
            case UInt8(ascii: "#"): try skipComment()
            default: return
            }
        }
    }

    // MARK: - Bare values

    /// A value written without quotes or brackets: `true`, `false`, a number, `inf`, `nan`, a
    /// date or a time.
    private mutating func readBareValue() throws(TOMLError) -> TOMLValue {
        let start = offset
        while let byte = peek(), Self.isBareValueByte(byte) { offset += 1 }
        let token = source.bytes[start..<offset]
        guard !token.isEmpty else { throw failure("expected a value, found \(describe(at: offset))") }
        if Self.startsAsDateOrTime(token) {
            continueOverSpacedTime(from: start)
            return .dateTime(try readDateTime(from: start))
        }
        switch String(decoding: token, as: UTF8.self) {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        guard let number = try readNumber(token, at: start) else {
            throw failure("\(quoted(start)) is not a value: strings need quotes", at: start)
        }
        return number
    }

    /// Letters, digits and `_ + - . :`: what a number, a boolean or a date-time is made of.
    private static func isBareValueByte(_ byte: UInt8) -> Bool {
        isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    /// The bare token starting at `start`, quoted and cut short for a message.
    func quoted(_ start: Int) -> String {
        var end = start
        while let byte = source.byte(at: end), Self.isBareValueByte(byte) { end += 1 }
        let cut = min(end, start + 32)
        return "'" + source.text(start..<cut) + (cut < end ? "…'" : "'")
    }
}
