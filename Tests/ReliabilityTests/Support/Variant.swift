import Foundation

/// How much each reliability test does: the short variant runs with every other test; the
/// long one when `TABBARD_RELIABILITY=long` (`make reliability` sets it).
enum Variant {
    /// Whether the long variant was asked for.
    static let isLong = ProcessInfo.processInfo.environment["TABBARD_RELIABILITY"] == "long"

    /// `short` in the short variant, `long` in the long one.
    static func pick<Value>(short: Value, long: Value) -> Value { isLong ? long : short }
}
