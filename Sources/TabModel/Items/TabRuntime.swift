/// The changing part of one catalog tab: what plugins and clients set after start.
struct TabRuntime: Equatable, Sendable {
    /// ITEM-4.
    var badge: Badge?
    /// ITEM-5; empty for the default.
    var badgeColor: String = ""
    /// ITEM-6.
    var enabled: Bool = true
    /// A title the plugin set at runtime; nil uses the definition's (never set for system items).
    var title: String?
    /// The icon name the plugin set at runtime (ICON-2); nil uses the definition's.
    var iconName: String?
    /// The selected icon name the plugin set with it; nil uses the definition's.
    var selectedIconName: String?
    /// Icons the plugin drew (ICON-3); never saved.
    var iconPixmaps: [IconPixmap] = []
    /// What `Activate` accepts now.
    var actions: [String]
    /// Navigation stack, root first (NAV-1); never empty.
    var stack: [String]
    /// Bumped when the plugin says its content changed.
    var contentRevision: UInt64 = 0

    /// The state of a tab fresh from its definition.
    init(_ definition: TabDefinition) {
        actions = definition.actions
        stack = [definition.rootPage]
    }
}
