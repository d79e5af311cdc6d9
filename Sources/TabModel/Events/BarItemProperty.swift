/// The properties of an item of a standalone bar (SBAR-2, SBAR-7), as a client reads them.
/// Names here are the model's; the daemon maps them onto its interface.
public enum BarItemProperty: CaseIterable, Sendable {
    /// The item's id; never changes.
    case id
    /// Writable, except on a system item (ITEM-3); a system item's is localized (L10N-1).
    case title
    /// Writable, except on a system item.
    case image
    /// Writable, except on a system item.
    case selectedImage
    /// Writable, except on a system item (ICON-1, ICON-2).
    case iconName
    /// Writable, except on a system item (ICON-1, ICON-2).
    case selectedIconName
    /// Writable, LOOK-6.
    case imageRenderingMode
    /// Writable.
    case tag
    /// Writable, ITEM-5.
    case badgeColor
    /// Writable, ITEM-6.
    case enabled
    /// ITEM-3, empty for an item of the app's own.
    case systemItem
    /// ITEM-4.
    case hasBadge
    /// ITEM-4.
    case badgeValue
    /// Whether the item is on the bar.
    case onBar
    /// Its position on the bar, or -1.
    case index
    /// Whether it is the bar's selected item.
    case selected
    /// SBAR-7.
    case accessibilityLabel

    /// Whether clients may write it as a property (SBAR-2).
    public var isWritable: Bool {
        switch self {
        case .title, .image, .selectedImage, .iconName, .selectedIconName, .imageRenderingMode, .tag, .badgeColor,
            .enabled:
            true
        default: false
        }
    }

    /// Whether the value never changes for a given item.
    public var isConstant: Bool { self == .id }

    /// How soon a change must be on disk (SBAR-1, STATE-4): what the client set before the reply,
    /// the badge (with its color, as on tabs) within the flush interval. Values that follow from
    /// the bar (`OnBar`, `Index`, `Selected`, `AccessibilityLabel`) carry no class of their own.
    public var durability: Durability {
        switch self {
        case .title, .image, .selectedImage, .iconName, .selectedIconName, .imageRenderingMode, .tag, .enabled:
            .structural
        case .hasBadge, .badgeValue, .badgeColor: .volatile
        case .id, .systemItem, .onBar, .index, .selected, .accessibilityLabel: .none
        }
    }

    /// The properties that depend on the bar's items and selection rather than on the item.
    static let placement: [BarItemProperty] = [.onBar, .index, .selected, .accessibilityLabel]
}
