import Glibc

/// Text forms of times shared by the clock's tabs (no Foundation: plugins stay lean).
enum ClockFormat {
    /// `7` → `07`.
    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// A time of day from seconds since midnight: `09:41:05`.
    static func timeOfDay(seconds: Int) -> String {
        let day = ((seconds % 86_400) + 86_400) % 86_400
        return "\(twoDigits(day / 3600)):\(twoDigits(day / 60 % 60)):\(twoDigits(day % 60))"
    }

    /// A stopwatch reading: `03:07.4` (minutes, seconds, tenths).
    static func elapsed(_ duration: Duration) -> String {
        let tenths =
            Int(duration.components.seconds) * 10 + Int(duration.components.attoseconds / 100_000_000_000_000_000)
        return "\(twoDigits(tenths / 600)):\(twoDigits(tenths / 10 % 60)).\(tenths % 10)"
    }

    /// A countdown reading, rounded up to whole seconds: `4:59`.
    static func remaining(_ duration: Duration) -> String {
        let seconds = wholeSecondsRoundedUp(duration)
        return "\(seconds / 60):\(twoDigits(seconds % 60))"
    }

    /// Whole seconds in `duration`, counting a started second as a whole one.
    static func wholeSecondsRoundedUp(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(0, Int(seconds) + (attoseconds > 0 ? 1 : 0))
    }

    /// Seconds since midnight UTC, now.
    static func secondsSinceMidnightUTC() -> Int {
        Int(time(nil) % 86_400)
    }
}
