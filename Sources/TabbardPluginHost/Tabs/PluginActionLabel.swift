/// What a frontend shows for one of a tab's actions (PAGE-1): its localized label and an
/// optional icon. The actions themselves are the plugin's `actions`; a label only names one.
public struct PluginActionLabel: Sendable, Equatable {
    /// The action's name.
    public var action: String
    /// Its label, localized.
    public var label: String
    /// An icon name; empty for none.
    public var icon: String

    /// A label for `action`.
    public init(action: String, label: String, icon: String = "") {
        self.action = action
        self.label = label
        self.icon = icon
    }
}
