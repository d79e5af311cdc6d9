/// The signals of `org.tabbard.TabBar1`: the delegate notifications (TAP-1, CUST-3), written
/// once; a test holds them against the interface file `dbus/org.tabbard.TabBar1.xml`.
public enum ControllerSignalName: String, CaseIterable, Sendable {
    case didSelect = "DidSelect"
    case willBeginCustomizing = "WillBeginCustomizing"
    case willEndCustomizing = "WillEndCustomizing"
    case didEndCustomizing = "DidEndCustomizing"
}

/// The signals of `org.tabbard.TabBar1.Bar` (SBAR-3..5).
public enum BarSignalName: String, CaseIterable, Sendable {
    case itemsSet = "ItemsSet"
    case didSelectItem = "DidSelectItem"
    case willBeginCustomizingItems = "WillBeginCustomizingItems"
    case didBeginCustomizingItems = "DidBeginCustomizingItems"
    case willEndCustomizingItems = "WillEndCustomizingItems"
    case didEndCustomizingItems = "DidEndCustomizingItems"
}

/// The signals of `org.tabbard.TabBar1.Content` (PAGE-4).
public enum ContentSignalName: String, CaseIterable, Sendable {
    case pageChanged = "PageChanged"
}
