/// What a frontend shows for one of a tab's actions: its label in the tab's locale and an
/// optional icon (PAGE-1). The actions themselves are still `TabContent.actions`.
public struct ActionLabel: Sendable, Equatable {
    /// The action's name, one of `actions`.
    public var action: String
    /// Its label.
    public var label: String
    /// An icon name; empty for none.
    public var icon: String

    /// The label of `action`.
    public init(action: String, label: String, icon: String = "") {
        self.action = action
        self.label = label
        self.icon = icon
    }
}
