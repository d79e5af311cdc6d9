/// Where a tab is (`Placement`).
public enum Placement: String, CaseIterable, Sendable {
    /// On the bar.
    case bar
    /// In the More list (layout `bottom`).
    case more
    /// Beyond the bar in layout `top`: unreachable (TOP-1).
    case hidden
    /// Not in `Tabs`.
    case none
}
