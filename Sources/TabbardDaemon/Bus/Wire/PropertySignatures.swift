import TabModel

// The D-Bus type of every property of the three interfaces (dbus-api.md), as introspection
// declares it; a test holds each against the kind of value the model reads.

extension ControllerProperty {
    /// The D-Bus type signature in `org.tabbard.TabBar1`.
    var signature: String {
        switch self {
        case .tabs, .availableTabs, .visibleTabs, .moreTabs, .hiddenTabs, .customizableTabs, .supportedOrientations:
            "as"
        case .showsMore, .canCustomize, .customizing, .translucent: "b"
        case .maxVisible, .delegateTimeoutMs: "u"
        case .selectedIndex: "i"
        case .revision: "t"
        case .dividerImages: "a{ss}"
        default: "s"
        }
    }
}

extension TabProperty {
    /// The D-Bus type signature in `org.tabbard.TabBar1.Tab`.
    var signature: String {
        switch self {
        case .tag, .index: "i"
        case .hasBadge, .enabled, .customizable, .selected: "b"
        case .orientations, .actions: "as"
        case .depth: "u"
        case .contentRevision: "t"
        case .iconPixmaps: "a(iiay)"
        default: "s"
        }
    }
}

extension BarProperty {
    /// The D-Bus type signature in `org.tabbard.TabBar1.Bar`.
    var signature: String { self == .items ? "as" : "s" }
}
