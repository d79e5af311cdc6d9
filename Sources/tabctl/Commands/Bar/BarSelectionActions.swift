// What a standalone bar shows and which of its items is selected (SBAR-3, SBAR-4).

/// `bar NAME items [--animated] [ID...]`: puts defined items on the bar in that order; none
/// empties it (SBAR-3).
struct SetItemsAction: BarCallAction, Equatable {
    static let spec = CommandSpec(name: "items", usage: "[--animated] [ID...]",
                                  summary: "put defined items on the bar, in order (none: an empty bar)",
                                  examples: ["tabctl bar modes items --animated map transit saved"], words: ["--animated"])
    /// The items on the bar, in order.
    var ids: [String]
    /// Whether a renderer should animate the change (`ItemsSet`'s `animated`).
    var animated = false

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.call(.setItems, ids, animated) }
}

extension SetItemsAction {
    init(parsing operands: inout Operands) throws(UsageError) {
        animated = operands.flag("--animated")
        ids = operands.rest()
    }
}

/// `bar NAME select ID | select --none`: selection without `DidSelectItem` (SBAR-4).
struct SelectItemAction: BarCallAction, Equatable {
    static let spec = CommandSpec(name: "select", usage: "ID | --none", summary: "select an item, or none (no DidSelectItem)",
                                  examples: ["tabctl bar modes select map"], words: ["--none"])
    /// The item, or "" for none.
    var id: String

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.call(.setSelectedItem, id) }
}

extension SelectItemAction {
    init(parsing operands: inout Operands) throws(UsageError) {
        id = operands.flag("--none") ? "" : try operands.required("ID or --none")
    }
}

/// `bar NAME tap ID`: a user's tap: selects the item and emits `DidSelectItem` (SBAR-4).
struct TapItemAction: BarItemAction, Equatable {
    static let spec = CommandSpec(name: "tap", usage: "ID", summary: "tap an item as a user would (DidSelectItem)",
                                  examples: ["tabctl bar modes tap transit"])
    /// The item.
    var id: String

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.call(.tap, id) }
}
