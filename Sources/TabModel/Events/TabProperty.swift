/// The properties of a tab object (`org.tabbard.TabBar1.Tab`); raw values are D-Bus names.
public enum TabProperty: String, CaseIterable, Sendable {
    /// `s` const.
    case id = "Id"
    /// `s` const.
    case plugin = "Plugin"
    /// `s` localized (ITEM-2/3, L10N-1).
    case title = "Title"
    /// `s`
    case image = "Image"
    /// `s`
    case selectedImage = "SelectedImage"
    /// `s` LOOK-6.
    case imageRenderingMode = "ImageRenderingMode"
    /// `s` ITEM-3.
    case systemItem = "SystemItem"
    /// `i`
    case tag = "Tag"
    /// `b` ITEM-4.
    case hasBadge = "HasBadge"
    /// `s` ITEM-4.
    case badgeValue = "BadgeValue"
    /// `s` ITEM-5.
    case badgeColor = "BadgeColor"
    /// `b` ITEM-6.
    case enabled = "Enabled"
    /// `i` position in `Tabs` or -1.
    case index = "Index"
    /// `s` `bar`, `more`, `hidden` or `none`.
    case placement = "Placement"
    /// `b`
    case customizable = "Customizable"
    /// `b` it is `SelectedTab`.
    case selected = "Selected"
    /// `s` STATE-1.
    case restorationId = "RestorationId"
    /// `as` ORI-1.
    case orientations = "Orientations"
    /// `s` top page.
    case page = "Page"
    /// `u` NAV-1.
    case depth = "Depth"
    /// `as`
    case actions = "Actions"
    /// `t` bumped on content changes; does not move `Revision`.
    case contentRevision = "ContentRevision"
    /// `s` A11Y-1.
    case accessibilityLabel = "AccessibilityLabel"

    /// The properties that depend on the controller's structure (order, partition, selection,
    /// customizable set) rather than on the tab itself.
    static let structural: [TabProperty] = [.index, .placement, .customizable, .selected, .accessibilityLabel]

    /// The D-Bus type of the value.
    public var signature: String {
        switch self {
        case .tag, .index: "i"
        case .hasBadge, .enabled, .customizable, .selected: "b"
        case .orientations, .actions: "as"
        case .depth: "u"
        case .contentRevision: "t"
        default: "s"
        }
    }

    /// Whether the value never changes for a given tab (`Id`, `Plugin`): announced as
    /// `const` rather than through `PropertiesChanged`.
    public var isConstant: Bool { self == .id || self == .plugin }

    /// How soon a change must be on disk (STATE-4): badges and navigation are volatile.
    public var durability: Durability {
        switch self {
        case .hasBadge, .badgeValue, .badgeColor, .page, .depth: .volatile
        default: .none
        }
    }

    /// Whether a change moves the controller's `Revision` (everything but `ContentRevision`).
    public var movesRevision: Bool { self != .contentRevision }
}
