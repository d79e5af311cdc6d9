/// The properties of a standalone bar (SBAR-1..6), as a client reads them. Names here are the
/// model's; the daemon maps them onto its interface.
public enum StandaloneBarProperty: Hashable, Sendable, CaseIterable {
    /// The bar's name; never changes.
    case name
    /// The items on the bar, in order (SBAR-3).
    case items
    /// Every defined item, in definition order (SBAR-2).
    case definedItems
    /// The selected item, empty for none (SBAR-4).
    case selectedItem
    /// Whether a customization session is open (SBAR-5).
    case customizing
    /// An appearance property, with the controller's rules (SBAR-6).
    case appearance(AppearanceProperty)

    /// Every property, in a stable order: the bar's own, then the appearance.
    public static let allCases: [StandaloneBarProperty] =
        [.name, .items, .definedItems, .selectedItem, .customizing]
        + AppearanceProperty.allCases.map { .appearance($0) }

    /// Whether clients may write it as a property: the writable appearance (SBAR-6).
    public var isWritable: Bool {
        if case .appearance(let property) = self { return property.isWritable }
        return false
    }

    /// Whether the value never changes for a given bar.
    public var isConstant: Bool { self == .name }

    /// How soon a change must be on disk (SBAR-1, STATE-4): the items and appearance before the
    /// reply, the selection within the flush interval; `Customizing` is never saved.
    public var durability: Durability {
        switch self {
        case .items, .definedItems: .structural
        case .selectedItem: .volatile
        case .appearance(let property): property.durability
        case .name, .customizing: .none
        }
    }
}
