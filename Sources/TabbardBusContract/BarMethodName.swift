/// The methods of `org.tabbard.TabBar1.Bar`, written once; a test holds them against the
/// interface file `dbus/org.tabbard.TabBar1.xml`.
public enum BarMethodName: String, CaseIterable, Sendable {
    case addItem = "AddItem"
    case addSystemItem = "AddSystemItem"
    case removeItem = "RemoveItem"
    case setItems = "SetItems"
    case setSelectedItem = "SetSelectedItem"
    case tap = "Tap"
    case beginCustomizingItems = "BeginCustomizingItems"
    case replaceItem = "ReplaceItem"
    case moveItem = "MoveItem"
    case endCustomizingItems = "EndCustomizingItems"
    case setDividerImage = "SetDividerImage"
}

/// The methods of `org.tabbard.TabBar1.Item` (ITEM-4).
public enum ItemMethodName: String, CaseIterable, Sendable {
    case setBadge = "SetBadge"
    case clearBadge = "ClearBadge"
}

/// The methods of `org.tabbard.TabBar1.View` (VIEW-1, VIEW-3).
public enum ViewMethodName: String, CaseIterable, Sendable {
    case tap = "Tap"
    case close = "Close"
}
