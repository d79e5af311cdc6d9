/// A standalone bar as a snapshot keeps it (SBAR-1): its items as defined and set (badges
/// included), the items on the bar, the selection and its own appearance, which is restored as
/// saved even when the configuration's `[appearance]` changed since. A session is not saved: its
/// owner's connection does not survive a restart.
public struct SavedBar: Codable, Equatable, Sendable {
    /// The bar's name.
    public var name: String
    /// Every defined item, in definition order.
    public var definedItems: [BarItem]
    /// The items on the bar, in order.
    public var items: [String]
    /// The selected item, nil for none.
    public var selectedItem: String?
    /// The bar's appearance.
    public var appearance: Appearance

    /// A bar as a state file holds it; `TabController.restore` validates it (`validate()`).
    public init(name: String, definedItems: [BarItem], items: [String], selectedItem: String?, appearance: Appearance) {
        self.name = name
        self.definedItems = definedItems
        self.items = items
        self.selectedItem = selectedItem
        self.appearance = appearance
    }
}

extension SavedBar {
    /// What `bar` keeps across a restart.
    init(_ bar: StandaloneBar) {
        self.init(
            name: bar.name, definedItems: bar.definedItems, items: bar.items, selectedItem: bar.selectedItem,
            appearance: bar.appearance)
    }

    /// Throws `InvalidArgument` naming the first thing a bar cannot have (a corrupt state file):
    /// a malformed name or item, repeated or too many items, an item on the bar that is not
    /// defined or appears twice, a selection that is not on the bar, a bad appearance.
    func validate() throws(TabError) {
        try TabIdentifier.validate(name, as: "bar name")
        guard definedItems.count <= StandaloneBar.maximumItems else {
            throw .invalidArgument(
                "Bar \(quoted: name) defines \(definedItems.count) items; at most \(StandaloneBar.maximumItems) are allowed."
            )
        }
        var defined = Set<String>()
        for item in definedItems {
            try item.validate()
            guard defined.insert(item.id).inserted else {
                throw .invalidArgument("Item \(quoted: item.id) is defined twice on bar \(quoted: name).")
            }
        }
        var shown = Set<String>()
        for id in items {
            guard defined.contains(id) else {
                throw .invalidArgument("Item \(quoted: id) is on bar \(quoted: name) but not defined.")
            }
            guard shown.insert(id).inserted else {
                throw .invalidArgument("Item \(quoted: id) is on bar \(quoted: name) twice.")
            }
        }
        if let selectedItem, !shown.contains(selectedItem) {
            throw .invalidArgument("Selected item \(quoted: selectedItem) is not on bar \(quoted: name).")
        }
        try appearance.validate()
    }

    /// The bar as it was saved, with no session.
    var bar: StandaloneBar {
        var bar = StandaloneBar(name: name, appearance: appearance)
        for item in definedItems { bar.define(item) }
        bar.place(items)
        bar.selectedItem = selectedItem
        return bar
    }
}
