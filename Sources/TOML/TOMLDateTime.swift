/// A date, a time of day, or both, as TOML 1.0 writes them (RFC 3339): one of its four kinds,
/// each holding only what that kind has, so a local date can have no offset and an offset
/// date-time cannot lack one. `TOMLParser` makes only valid values (a real day of a real month,
/// a time of day within 24 hours).
public enum TOMLDateTime: Sendable, Hashable, CustomStringConvertible {
    /// `1979-05-27T07:32:00-08:00`: an instant, its offset from UTC in minutes (east is positive;
    /// `Z` and `-00:00` are 0).
    case offsetDateTime(Date, Time, offsetMinutes: Int)
    /// `1979-05-27T07:32:00`: a date and time in no particular zone.
    case localDateTime(Date, Time)
    /// `1979-05-27`: a whole day.
    case localDate(Date)
    /// `07:32:00`: a time of day on no particular day.
    case localTime(Time)

    /// A day of the proleptic Gregorian calendar, years 0000 to 9999.
    public struct Date: Sendable, Hashable {
        /// 0 to 9999.
        public let year: Int
        /// 1 to 12.
        public let month: Int
        /// 1 to the length of the month (February has 29 days in leap years).
        public let day: Int

        /// The date, if it names a real day: nil for month 13, day 32 or 29 February of a
        /// year that is not a leap year.
        public init?(year: Int, month: Int, day: Int) {
            guard (0...9999).contains(year), (1...12).contains(month),
                (1...Self.days(inMonth: month, of: year)).contains(day)
            else { return nil }
            self.year = year
            self.month = month
            self.day = day
        }

        /// How many days `month` (1 to 12) has in `year`.
        public static func days(inMonth month: Int, of year: Int) -> Int {
            switch month {
            case 2: isLeap(year) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }

        /// Gregorian leap years: every fourth, except centuries not divisible by 400.
        public static func isLeap(_ year: Int) -> Bool {
            year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        }
    }

    /// A time of day, to the nanosecond (TOML asks for at least milliseconds; digits past the
    /// ninth are dropped, not rounded, as the specification says).
    public struct Time: Sendable, Hashable {
        /// 0 to 23.
        public let hour: Int
        /// 0 to 59.
        public let minute: Int
        /// 0 to 60: RFC 3339 allows a leap second.
        public let second: Int
        /// 0 to 999 999 999.
        public let nanosecond: Int

        /// The time, if each part is within its range.
        public init?(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
            guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
                (0..<1_000_000_000).contains(nanosecond)
            else { return nil }
            self.hour = hour
            self.minute = minute
            self.second = second
            self.nanosecond = nanosecond
        }
    }

    /// The kind as a message says it: `offset date-time`, `local date-time`, `local date` or
    /// `local time` (the names of TOML 1.0).
    public var kindName: String {
        switch self {
        case .offsetDateTime: "offset date-time"
        case .localDateTime: "local date-time"
        case .localDate: "local date"
        case .localTime: "local time"
        }
    }

    /// The value in TOML's own form, `T` between date and time, `Z` for a zero offset, and the
    /// fraction of a second without trailing zeros: `1979-05-27T00:32:00.999-07:00`.
    public var description: String {
        switch self {
        case .offsetDateTime(let date, let time, let minutes): "\(date.text)T\(time.text)\(Self.offsetText(minutes))"
        case .localDateTime(let date, let time): "\(date.text)T\(time.text)"
        case .localDate(let date): date.text
        case .localTime(let time): time.text
        }
    }

    private static func offsetText(_ minutes: Int) -> String {
        guard minutes != 0 else { return "Z" }
        return (minutes < 0 ? "-" : "+") + digits(abs(minutes) / 60, 2) + ":" + digits(abs(minutes) % 60, 2)
    }

    /// `value` with zeros in front up to `count` digits.
    fileprivate static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }
}

extension TOMLDateTime.Date {
    /// `YYYY-MM-DD`.
    fileprivate var text: String {
        TOMLDateTime.digits(year, 4) + "-" + TOMLDateTime.digits(month, 2) + "-" + TOMLDateTime.digits(day, 2)
    }
}

extension TOMLDateTime.Time {
    /// `HH:MM:SS`, then `.` and the fraction without trailing zeros when there is one.
    fileprivate var text: String {
        var text =
            TOMLDateTime.digits(hour, 2) + ":" + TOMLDateTime.digits(minute, 2) + ":" + TOMLDateTime.digits(second, 2)
        if nanosecond > 0 {
            var fraction = TOMLDateTime.digits(nanosecond, 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text
    }
}
