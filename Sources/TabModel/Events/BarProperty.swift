/// The properties of the controller's own bar (`org.tabbard.TabBar1.Bar`), as a renderer sees it.
public enum BarProperty: String, CaseIterable, Sendable {
    /// `as` bar items in order, `@more` last when shown.
    case items = "Items"
    /// `s` the highlighted item.
    case selectedItem = "SelectedItem"

    /// The D-Bus type of the value.
    public var signature: String { self == .items ? "as" : "s" }
}

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
