/// What the user sees as content: a tab, the More list, or nothing.
public enum ShownContent: Equatable, Hashable, Sendable {
    /// Nothing (no tabs).
    case nothing
    /// The More list itself (SEL-5).
    case moreList
    /// A tab's content, from the bar or inside More.
    case tab(String)
}
