// What a standalone bar shows and which of its items is selected (SBAR-3, SBAR-4).

/// `bar NAME items [--animated] [ID...]`: puts defined items on the bar in that order; none
/// empties it (SBAR-3).
struct SetItemsAction: BarCallAction, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "items",
        summary: "put defined items on the bar, in order (none: an empty bar)",
        examples: ["tabctl bar modes items --animated map transit saved"])
    static var syntax: Syntax<Self> {
        .sequence(.optional(.literal("--animated") { $0.animated = true }), .optional(.list("ID") { $0.ids = $1 }))
    }
    /// The items on the bar, in order.
    var ids: [String] = []
    /// Whether a renderer should animate the change (`ItemsSet`'s `animated`).
    var animated = false

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.call(.setItems, ids, animated) }
}

/// `bar NAME select ID | select --none`: selection without `DidSelectItem` (SBAR-4).
struct SelectItemAction: BarCallAction, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "select", summary: "select an item, or none (no DidSelectItem)",
        examples: ["tabctl bar modes select map"])
    static var syntax: Syntax<Self> {
        .choice(.operand("ID", missing: "ID or --none") { $0.id = $1 }, .literal("--none") { $0.id = "" })
    }
    /// The item, or "" for none.
    var id = ""

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.call(.setSelectedItem, id) }
}

/// `bar NAME tap ID`: a user's tap: selects the item and emits `DidSelectItem` (SBAR-4).
struct TapItemAction: BarItemAction, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "tap", summary: "tap an item as a user would (DidSelectItem)",
        examples: ["tabctl bar modes tap transit"])
    /// The item.
    var id = ""

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.call(.tap, id) }
}
