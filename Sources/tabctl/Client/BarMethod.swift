/// The methods of `org.tabbard.TabBar1.Bar` that tabctl calls on a standalone bar, written
/// once; a test holds them against the interface file `dbus/org.tabbard.TabBar1.xml`.
enum BarMethod: String, CaseIterable, Sendable {
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

/// The methods of `org.tabbard.TabBar1.Item` that tabctl calls (ITEM-4).
enum ItemMethod: String, CaseIterable, Sendable {
    case setBadge = "SetBadge"
    case clearBadge = "ClearBadge"
}
