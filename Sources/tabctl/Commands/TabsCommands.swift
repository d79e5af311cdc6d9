import DBus

// Which tabs the controller has, in which order, and which may be rearranged.

/// `tabs set ID... | tabs add ID [POSITION] | tabs remove ID` (TABS-2).
struct TabsCommand: ControllerCallCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "tabs",
        summary: "set, add or remove the controller's tabs",
        examples: [
            "tabctl tabs remove notes", "tabctl tabs add notes 0",
            "tabctl tabs set world-clock alarm stopwatch timer",
        ])
    static var syntax: Syntax<Self> {
        .choice(
            .sequence(.literal("set"), .list("ID", live: .tabIds) { $0.change = .set($1) }),
            .sequence(
                .literal("add"), .operand("ID", live: .tabIds) { $0.change = .add(id: $1, position: -1) },
                .optional(
                    .operand("POSITION") { (command, position: Int32) in
                        guard case .add(let id, _) = command.change else { return }
                        command.change = .add(id: id, position: position)
                    })),
            .sequence(.literal("remove"), .operand("ID", live: .tabIds) { $0.change = .remove(id: $1) }))
    }
    /// The change.
    enum Change: Equatable, Sendable {
        /// `SetTabs`.
        case set([String])
        /// `AddTab`; position -1 appends.
        case add(id: String, position: Int32)
        /// `RemoveTab`.
        case remove(id: String)
    }

    /// The change.
    var change = Change.set([])

    func call(_ client: TabBarClient) throws(CommandFailure) {
        switch change {
        case .set(let ids): try client.call(.setTabs, ids)
        case .add(let id, let position): try client.call(.addTab, id, position)
        case .remove(let id): try client.call(.removeTab, id)
        }
    }
}

/// `customize ID...`: a whole customization session in one call; the ids are the new order
/// of all of `Tabs` (CUST-5).
struct CustomizeCommand: TabctlCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "customize",
        summary: "reorder all the tabs in one customization session",
        examples: ["tabctl customize notes $(tabctl get Tabs | grep -vx notes)"])
    static var syntax: Syntax<Self> { .list("ID", atLeast: "ID", live: .tabIds) { $0.order = $1 } }
    /// The new order of `Tabs`.
    var order: [String] = []

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let client = try context.client()
        return context.changed(
            answer: ("changed", try client.decode(try client.call(.customize, order), as: Bool.self)))
    }
}

/// `customizable ID...`: which tabs may be rearranged; none turns customizing off (CUST-1).
struct CustomizableCommand: ControllerCallCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "customizable",
        summary: "set which tabs may be rearranged (none: no customizing)",
        examples: ["tabctl customizable alarm timer"])
    static var syntax: Syntax<Self> { .list("ID", live: .tabIds) { $0.ids = $1 } }
    /// The tabs that may move.
    var ids: [String] = []

    func call(_ client: TabBarClient) throws(CommandFailure) { try client.call(.setCustomizable, ids) }
}
