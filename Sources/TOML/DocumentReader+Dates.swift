/// Dates and times as TOML 1.0 writes them (RFC 3339 with a space allowed for the `T`):
/// `1979-05-27T07:32:00.999-07:00`, `1979-05-27 07:32:00`, `1979-05-27`, `07:32:00`. Every
/// part has its fixed number of digits and its range, and a refusal names the part that is
/// wrong (month 13, 30 February, hour 24, missing seconds, an offset of +25:00), at its column.
extension DocumentReader {
    /// Where a date or time is being read: the token's bytes are `position..<end` of the
    /// document, and messages quote the token as `quoted`.
    struct DateTimeCursor {
        var position: Int
        let end: Int
        let quoted: String
    }

    /// Whether a bare token starts as a date or time does: digits, then `-` or `:`. No number
    /// does (an exponent's sign follows an `e`), so such a token is read as a date or time or
    /// refused as one.
    static func startsAsDateOrTime(_ token: ArraySlice<UInt8>) -> Bool {
        guard let separator = token.firstIndex(where: { !isDecimalDigit($0) }), separator > token.startIndex else {
            return false
        }
        return token[separator] == UInt8(ascii: "-") || token[separator] == UInt8(ascii: ":")
    }

    /// After a bare token `start..<offset` that is a whole date: TOML lets a space stand for
    /// the `T`, so a space and `HH:` carry the token on over the time.
    mutating func continueOverSpacedTime(from start: Int) {
        guard offset - start == 10, peek() == UInt8(ascii: " "), let first = peek(1), let second = peek(2),
            Self.isDecimalDigit(first), Self.isDecimalDigit(second), peek(3) == UInt8(ascii: ":")
        else { return }
        offset += 1
        while let byte = peek(),
            Self.isBareKeyByte(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "+")
        { offset += 1 }
    }

    /// The date or time that the token `start..<offset` spells, or an error naming what is
    /// wrong with it.
    func readDateTime(from start: Int) throws(TOMLError) -> TOMLDateTime {
        let cut = min(offset, start + 40)
        var cursor = DateTimeCursor(
            position: start, end: offset,
            quoted: "'" + source.text(start..<cut) + (cut < offset ? "…'" : "'"))
        let leadingDigits = source.bytes[start..<offset].prefix(while: Self.isDecimalDigit)
        if source.byte(at: start + leadingDigits.count) == UInt8(ascii: ":") {
            let time = try readTime(&cursor)
            try requireEnd(cursor, after: "the time")
            return .localTime(time)
        }
        let date = try readDate(&cursor)
        guard cursor.position < cursor.end else { return .localDate(date) }
        let delimiter = source.byte(at: cursor.position) ?? 0
        guard delimiter == UInt8(ascii: "T") || delimiter == UInt8(ascii: "t") || delimiter == UInt8(ascii: " ") else {
            if Self.isDecimalDigit(delimiter) {
                throw refusal(cursor, "expected 'T' between the date and the time, found \(found(cursor))")
            }
            try requireEnd(cursor, after: "the date")
            return .localDate(date)
        }
        cursor.position += 1
        guard cursor.position < cursor.end else {
            throw refusal(cursor, "a 'T' after a date must be followed by a time")
        }
        let time = try readTime(&cursor)
        guard cursor.position < cursor.end else { return .localDateTime(date, time) }
        let minutes = try readOffset(&cursor)
        try requireEnd(cursor, after: "the offset")
        return .offsetDateTime(date, time, offsetMinutes: minutes)
    }

    // MARK: - Parts

    /// `YYYY-MM-DD`, a real day: no month 13, no 30 February, no 29 February of 2100.
    private func readDate(_ cursor: inout DateTimeCursor) throws(TOMLError) -> TOMLDateTime.Date {
        var yearEnd = cursor.position
        while yearEnd < cursor.end, let byte = source.byte(at: yearEnd), Self.isDecimalDigit(byte) { yearEnd += 1 }
        guard yearEnd - cursor.position == 4 else { throw refusal(cursor, "a year has four digits (0000 to 9999)") }
        let year = try readDigits(&cursor, 4, of: "the year")
        try expect(&cursor, "-", after: "the year")
        let monthStart = cursor.position
        let month = try readDigits(&cursor, 2, of: "the month")
        try expect(&cursor, "-", after: "the month")
        let dayStart = cursor.position
        let day = try readDigits(&cursor, 2, of: "the day")
        guard (1...12).contains(month) else {
            throw refusal(cursor, "month \(Self.twoDigits(month)) is not 01 to 12", at: monthStart)
        }
        guard let date = TOMLDateTime.Date(year: year, month: month, day: day) else {
            let days = TOMLDateTime.Date.days(inMonth: month, of: year)
            let monthName = Self.monthNames[month - 1] + (month == 2 ? " \(year)" : "")
            throw refusal(
                cursor, "day \(Self.twoDigits(day)) is not a day of \(monthName) (01 to \(days))", at: dayStart)
        }
        return date
    }

    /// `HH:MM:SS` with an optional fraction: hours to 23, minutes to 59, seconds to 60 (a leap
    /// second). TOML 1.0 requires the seconds.
    private func readTime(_ cursor: inout DateTimeCursor) throws(TOMLError) -> TOMLDateTime.Time {
        let hourStart = cursor.position
        let hour = try readDigits(&cursor, 2, of: "the hour")
        try expect(&cursor, ":", after: "the hour")
        let minuteStart = cursor.position
        let minute = try readDigits(&cursor, 2, of: "the minute")
        guard source.byte(at: cursor.position) == UInt8(ascii: ":"), cursor.position < cursor.end else {
            throw refusal(cursor, "a time needs its seconds (HH:MM:SS), found \(found(cursor))")
        }
        cursor.position += 1
        let secondStart = cursor.position
        let second = try readDigits(&cursor, 2, of: "the second")
        var nanosecond = 0
        if cursor.position < cursor.end, source.byte(at: cursor.position) == UInt8(ascii: ".") {
            cursor.position += 1
            nanosecond = try readFraction(&cursor)
        }
        let ranges: [(String, Int, Int, ClosedRange<Int>)] = [
            ("hour", hour, hourStart, 0...23), ("minute", minute, minuteStart, 0...59),
            ("second", second, secondStart, 0...60),
        ]
        for (part, value, start, range) in ranges where !range.contains(value) {
            throw refusal(cursor, "\(part) \(Self.twoDigits(value)) is not 00 to \(range.upperBound)", at: start)
        }
        guard let time = TOMLDateTime.Time(hour: hour, minute: minute, second: second, nanosecond: nanosecond) else {
            throw refusal(cursor, "not a time of day", at: hourStart)
        }
        return time
    }

    /// The digits after a seconds' `.`, as nanoseconds: digits past the ninth are dropped
    /// (TOML: truncated, not rounded).
    private func readFraction(_ cursor: inout DateTimeCursor) throws(TOMLError) -> Int {
        var nanosecond = 0
        var count = 0
        while cursor.position < cursor.end, let byte = source.byte(at: cursor.position), Self.isDecimalDigit(byte) {
            if count < 9 { nanosecond = nanosecond * 10 + Int(byte - UInt8(ascii: "0")) }
            count += 1
            cursor.position += 1
        }
        guard count > 0 else { throw refusal(cursor, "a '.' in a time must be followed by digits") }
        for _ in count..<max(count, 9) { nanosecond *= 10 }
        return nanosecond
    }

    /// `Z` (either case) or `+HH:MM` / `-HH:MM`, as minutes east of UTC.
    private func readOffset(_ cursor: inout DateTimeCursor) throws(TOMLError) -> Int {
        let sign = source.byte(at: cursor.position)
        if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
            cursor.position += 1
            return 0
        }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
            throw refusal(cursor, "expected an offset (Z, +HH:MM or -HH:MM) after the time, found \(found(cursor))")
        }
        cursor.position += 1
        let hourStart = cursor.position
        let hours = try readDigits(&cursor, 2, of: "the offset's hours (Z, +HH:MM or -HH:MM)")
        try expect(&cursor, ":", after: "the offset's hours (Z, +HH:MM or -HH:MM)")
        let minuteStart = cursor.position
        let minutes = try readDigits(&cursor, 2, of: "the offset's minutes (Z, +HH:MM or -HH:MM)")
        guard hours <= 23 else {
            throw refusal(cursor, "offset hour \(Self.twoDigits(hours)) is not 00 to 23", at: hourStart)
        }
        guard minutes <= 59 else {
            throw refusal(cursor, "offset minute \(Self.twoDigits(minutes)) is not 00 to 59", at: minuteStart)
        }
        return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
    }

    // MARK: - Reading and refusing

    /// Exactly `count` decimal digits of `part`.
    private func readDigits(_ cursor: inout DateTimeCursor, _ count: Int, of part: String) throws(TOMLError) -> Int {
        var value = 0
        for _ in 0..<count {
            guard cursor.position < cursor.end, let byte = source.byte(at: cursor.position), Self.isDecimalDigit(byte)
            else {
                throw refusal(cursor, "\(part) needs \(count) digits, found \(found(cursor))")
            }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            cursor.position += 1
        }
        return value
    }

    /// The separator `character` after `part`.
    private func expect(_ cursor: inout DateTimeCursor, _ character: Unicode.Scalar, after part: String)
        throws(TOMLError)
    {
        guard cursor.position < cursor.end, source.byte(at: cursor.position) == UInt8(ascii: character) else {
            throw refusal(cursor, "expected '\(character)' after \(part), found \(found(cursor))")
        }
        cursor.position += 1
    }

    /// Nothing left of the token after `part`.
    private func requireEnd(_ cursor: DateTimeCursor, after part: String) throws(TOMLError) {
        guard cursor.position < cursor.end else { return }
        throw refusal(cursor, "unexpected \(describe(at: cursor.position)) after \(part)")
    }

    /// `'TOKEN' is not a valid date or time: REASON`, at `at` or the cursor: where the wrong
    /// part is.
    private func refusal(_ cursor: DateTimeCursor, _ reason: String, at: Int? = nil) -> TOMLError {
        failure("\(cursor.quoted) is not a valid date or time: \(reason)", at: at ?? cursor.position)
    }

    /// What stands at the cursor, for a message about a missing part.
    private func found(_ cursor: DateTimeCursor) -> String {
        cursor.position < cursor.end ? describe(at: cursor.position) : "the end of the value"
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static func isDecimalDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
