/// Integers and floats as TOML 1.0 writes them. Integers are 64-bit and accumulated with
/// overflow-reporting arithmetic, so a number too large is an error, never a trap.
extension DocumentReader {
    /// The integer or float that `token` (starting at `start`) spells, nil when it spells no
    /// number at all, or an error naming what is wrong with one that almost is.
    func readNumber(_ token: ArraySlice<UInt8>, at start: Int) throws(TOMLError) -> TOMLValue? {
        let bytes = Array(token)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"), let radix = Self.radix(bytes[1]) {
            return .integer(try readPrefixedInteger(bytes.dropFirst(2), radix: radix, at: start))
        }
        var position = 0
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            position = 1
        }
        let integerDigits = try digitRun(bytes, from: &position, at: start)
        guard !integerDigits.isEmpty else { return nil }
        if integerDigits.count > 1, integerDigits.first == UInt8(ascii: "0") {
            throw failure(
                "\(quoted(start)): a number may not start with 0 (write 0x, 0o or 0b for other bases)", at: start)
        }
        var fraction: [UInt8] = []
        var exponent: [UInt8] = []
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            fraction = try digitRun(bytes, from: &position, at: start)
            guard !fraction.isEmpty else {
                throw failure("\(quoted(start)): a '.' must have digits on both sides", at: start)
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            var sign: [UInt8] = []
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                sign = [bytes[position]]
                position += 1
            }
            let digits = try digitRun(bytes, from: &position, at: start)
            guard !digits.isEmpty else { throw failure("\(quoted(start)): an exponent needs digits", at: start) }
            exponent = sign + digits
        }
        guard position == bytes.count else { return nil }
        if fraction.isEmpty && exponent.isEmpty {
            return .integer(try accumulate(integerDigits, radix: 10, negative: negative, at: start))
        }
        var text = (negative ? "-" : "") + String(decoding: integerDigits, as: UTF8.self)
        if !fraction.isEmpty { text += "." + String(decoding: fraction, as: UTF8.self) }
        if !exponent.isEmpty { text += "e" + String(decoding: exponent, as: UTF8.self) }
        guard let value = Double(text), value.isFinite else {
            throw failure("\(quoted(start)) does not fit in a 64-bit float", at: start)
        }
        return .float(value)
    }

    /// `x`, `o` or `b` after a leading 0.
    private static func radix(_ letter: UInt8) -> Int64? {
        switch letter {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    /// `0x…`, `0o…`, `0b…`: no sign, underscores between digits.
    private func readPrefixedInteger(_ digits: ArraySlice<UInt8>, radix: Int64, at start: Int) throws(TOMLError)
        -> Int64
    {
        let bytes = Array(digits)
        var position = 0
        let run = try digitRun(bytes, from: &position, at: start, hexadecimal: radix == 16)
        guard !run.isEmpty, position == bytes.count else {
            throw failure("\(quoted(start)) is not a base-\(radix) integer", at: start)
        }
        return try accumulate(run, radix: radix, negative: false, at: start)
    }

    /// Digits from `position` on, with single underscores between them dropped; stops at
    /// anything else. An underscore not between two digits is an error.
    private func digitRun(_ bytes: [UInt8], from position: inout Int, at start: Int, hexadecimal: Bool = false)
        throws(TOMLError) -> [UInt8]
    {
        var digits: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "_") {
                let next = position + 1 < bytes.count ? bytes[position + 1] : 0
                guard !digits.isEmpty, Self.isDigit(next, hexadecimal: hexadecimal) else {
                    throw failure("\(quoted(start)): an underscore must stand between two digits", at: start)
                }
                position += 1
                continue
            }
            guard Self.isDigit(byte, hexadecimal: hexadecimal) else { break }
            digits.append(byte)
            position += 1
        }
        return digits
    }

    private static func isDigit(_ byte: UInt8, hexadecimal: Bool) -> Bool {
        hexadecimal ? hexValue(byte) != nil : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The value of `digits` in `radix`; negative numbers are accumulated downwards so that
    /// `-9223372036854775808` fits. Too large a number is an error.
    private func accumulate(_ digits: [UInt8], radix: Int64, negative: Bool, at start: Int) throws(TOMLError) -> Int64 {
        var value: Int64 = 0
        for byte in digits {
            guard let digit = Self.hexValue(byte), Int64(digit) < radix else {
                throw failure("\(quoted(start)) is not a base-\(radix) integer", at: start)
            }
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: radix)
            let (next, overflowAdd) =
                negative
                ? shifted.subtractingReportingOverflow(Int64(digit))
                : shifted.addingReportingOverflow(Int64(digit))
            guard !overflowShift, !overflowAdd else {
                throw failure("\(quoted(start)) does not fit in a 64-bit integer", at: start)
            }
            value = next
        }
        return value
    }
}
