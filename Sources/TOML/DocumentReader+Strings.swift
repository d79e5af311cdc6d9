/// The four string forms of TOML 1.0: basic (`"…"`, with escapes), literal (`'…'`, as
/// written), and the multi-line form of each (`"""…"""`, `'''…'''`).
extension DocumentReader {
    /// A basic string, the cursor on its opening quote.
    mutating func readBasicString(multiline: Bool) throws(TOMLError) -> String {
        try readString(quote: UInt8(ascii: "\""), escapes: true, multiline: multiline)
    }

    /// A literal string, the cursor on its opening quote: no escapes, the text as written.
    mutating func readLiteralString(multiline: Bool) throws(TOMLError) -> String {
        try readString(quote: UInt8(ascii: "'"), escapes: false, multiline: multiline)
    }

    /// A string delimited by one `quote` or three, with or without escapes.
    private mutating func readString(quote: UInt8, escapes: Bool, multiline: Bool) throws(TOMLError) -> String {
        if !multiline, let plain = readPlainString(quote: quote) { return plain }
        let opening = offset
        offset += multiline ? 3 : 1
        if multiline { try skipNewlineAfterOpening() }
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else { throw unclosed(from: opening, multiline: multiline) }
            switch byte {
            case quote:
                if !multiline {
                    offset += 1
                    return String(decoding: text, as: UTF8.self)
                }
                if try readClosingQuotes(quote, into: &text) { return String(decoding: text, as: UTF8.self) }
            case UInt8(ascii: "\\") where escapes:
                if multiline, try skipLineEndingBackslash() { continue }
                try readEscape(into: &text)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                guard multiline else { throw unclosed(from: opening, multiline: false) }
                try readNewline()
                text.append(UInt8(ascii: "\n"))
            default:
                if Self.isControl(byte) { throw controlCharacter() }
                text.append(byte)
                offset += 1
            }
        }
    }

    /// A one-line string without escapes or control characters, as nearly every string is:
    /// its text is the document's bytes between the quotes, made a string in one step. Nil,
    /// with the cursor left on the opening quote, for any other string, which `readString`
    /// reads (and refuses) byte by byte.
    private mutating func readPlainString(quote: UInt8) -> String? {
        let start = offset + 1
        let end = source.bytes.withUnsafeBufferPointer { bytes -> Int? in
            var position = start
            while position < bytes.count {
                let byte = bytes[position]
                if byte == quote { return position }
                if byte == UInt8(ascii: "\\") || Self.isControl(byte) { return nil }
                position += 1
            }
            return nil
        }
        guard let end else { return nil }
        offset = end + 1
        return source.text(start..<end)
    }

    // MARK: - Multi-line strings

    /// A newline right after the opening delimiter is not part of the string.
    private mutating func skipNewlineAfterOpening() throws(TOMLError) {
        if peek() == UInt8(ascii: "\n") || peek() == UInt8(ascii: "\r") { try readNewline() }
    }

    /// A run of `quote`s inside a multi-line string: three end it, and up to two more before
    /// them belong to the string (`""""a"""""` is `"a""`). Answers whether the string ended.
    private mutating func readClosingQuotes(_ quote: UInt8, into text: inout [UInt8]) throws(TOMLError) -> Bool {
        var run = 0
        while peek(run) == quote { run += 1 }
        if run < 3 {
            text.append(contentsOf: repeatElement(quote, count: run))
            offset += run
            return false
        }
        guard run <= 5 else {
            throw failure("\(run) quotes in a row end a multi-line string with more than two quotes", at: offset + 5)
        }
        text.append(contentsOf: repeatElement(quote, count: run - 3))
        offset += run
        return true
    }

    /// A backslash that ends its line (spaces may follow it) drops the newline and every space
    /// and newline after it. Answers whether the backslash was one.
    private mutating func skipLineEndingBackslash() throws(TOMLError) -> Bool {
        var ahead = 1
        while let byte = peek(ahead), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { ahead += 1 }
        guard peek(ahead) == UInt8(ascii: "\n") || peek(ahead) == UInt8(ascii: "\r") else { return false }
        offset += ahead
        while true {
            switch peek() {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): offset += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): try readNewline()
            default: return true
            }
        }
    }

    // MARK: - Escapes and errors

    /// `\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX`, the cursor on the backslash.
    private mutating func readEscape(into text: inout [UInt8]) throws(TOMLError) {
        let start = offset
        offset += 1
        guard let letter = peek() else { throw failure("a backslash at the end of the document", at: start) }
        offset += 1
        switch letter {
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "\""): text.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): text.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let digits = letter == UInt8(ascii: "u") ? 4 : 8
            var value: UInt32 = 0
            for position in 0..<digits {
                guard let byte = peek(position), let digit = Self.hexValue(byte) else {
                    throw failure(
                        "\\\(letter == UInt8(ascii: "u") ? "u" : "U") takes \(digits) hexadecimal digits", at: start)
                }
                value = value << 4 | UInt32(digit)
            }
            offset += digits
            guard let scalar = Unicode.Scalar(value) else {
                throw failure("U+\(value.hexDigits(minimum: 4)) is not a Unicode scalar value", at: start)
            }
            text.append(contentsOf: String(Character(scalar)).utf8)
        default:
            throw failure("a backslash before \(describe(at: start + 1)) is not an escape TOML knows", at: start)
        }
    }

    /// The value of a hexadecimal digit.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private func unclosed(from opening: Int, multiline: Bool) -> TOMLError {
        let line = source.location(of: opening).line
        return multiline
            ? failure("a multi-line string opened at line \(line) is not closed")
            : failure("a string not closed on its line (strings over several lines take three quotes)")
    }

    private func controlCharacter() -> TOMLError {
        failure("\(describe(at: offset)) in a string: write it as an escape such as \\u0007")
    }
}
