// A standalone bar's life: made, then removed with its items (SBAR-1).

/// `bar NAME create`: a new bar, empty, looking as the configuration's `[appearance]` says
/// (SBAR-1, SBAR-6).
struct CreateBarAction: BarCallAction, BarActionWithoutOperands, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "create", summary: "make the bar (empty, with the configured appearance)",
        examples: ["tabctl bar modes create"])

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.create() }
}

/// `bar NAME remove`: the bar and every item defined on it are gone (SBAR-1).
struct RemoveBarAction: BarCallAction, BarActionWithoutOperands, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "remove", summary: "remove the bar and its items",
        examples: ["tabctl bar modes remove"])

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.remove() }
}
