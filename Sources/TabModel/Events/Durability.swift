/// How soon a change must reach the disk (STATE-4). Ordered: a request that causes several
/// changes takes the strongest class.
public enum Durability: Int, Comparable, Sendable, CaseIterable {
    /// Nothing persisted changed (delegate registration, enabled flags, titles, revision …).
    case none
    /// Selection, badges, navigation: on disk within the flush interval and on a clean stop.
    case volatile
    /// Tabs, order, customizable set, appearance, layout, max visible, locale, orientation:
    /// on disk before the method replies.
    case structural

    /// Weaker classes sort first.
    public static func < (lhs: Durability, rhs: Durability) -> Bool { lhs.rawValue < rhs.rawValue }
}
