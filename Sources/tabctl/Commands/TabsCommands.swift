import DBus

// Which tabs the controller has, in which order, and which may be rearranged.

/// `tabs set ID... | tabs add ID [POSITION] | tabs remove ID` (TABS-2).
struct TabsCommand: ControllerCallCommand, Equatable {
    static let spec = CommandSpec(name: "tabs", usage: "set ID... | add ID [POSITION] | remove ID",
                                  summary: "set, add or remove the controller's tabs",
                                  examples: ["tabctl tabs remove notes", "tabctl tabs add notes 0",
                                             "tabctl tabs set world-clock alarm stopwatch timer"],
                                  words: ["set", "add", "remove"], takesTabIds: true)
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
    var change: Change

    func call(_ client: TabBarClient) throws(CommandFailure) {
        switch change {
        case .set(let ids): try client.call(.setTabs, ids)
        case .add(let id, let position): try client.call(.addTab, id, position)
        case .remove(let id): try client.call(.removeTab, id)
        }
    }
}

extension TabsCommand {
    init(parsing operands: inout Operands) throws(UsageError) {
        switch try operands.required("set, add or remove") {
        case "set": change = .set(operands.rest())
        case "add":
            let id = try operands.required("ID")
            change = .add(id: id, position: operands.isEmpty ? -1 : try operands.integer("POSITION"))
        case "remove": change = .remove(id: try operands.required("ID"))
        case let other: throw UsageError(message: "tabs takes set, add or remove, not '\(other)'", command: operands.command)
        }
    }
}

/// `customize ID...`: a whole customization session in one call; the ids are the new order
/// of all of `Tabs` (CUST-5).
struct CustomizeCommand: TabctlCommand, Equatable {
    static let spec = CommandSpec(name: "customize", usage: "ID...",
                                  summary: "reorder all the tabs in one customization session",
                                  examples: ["tabctl customize notes $(tabctl get Tabs | grep -vx notes)"], takesTabIds: true)
    /// The new order of `Tabs`.
    var order: [String]

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let client = try context.client()
        return context.changed(answer: ("changed", try client.decode(try client.call(.customize, order), as: Bool.self)))
    }
}

extension CustomizeCommand {
    init(parsing operands: inout Operands) throws(UsageError) {
        order = try operands.atLeastOne("ID")
    }
}

/// `customizable ID...`: which tabs may be rearranged; none turns customizing off (CUST-1).
struct CustomizableCommand: ControllerCallCommand, Equatable {
    static let spec = CommandSpec(name: "customizable", usage: "ID...",
                                  summary: "set which tabs may be rearranged (none: no customizing)",
                                  examples: ["tabctl customizable alarm timer"], takesTabIds: true)
    /// The tabs that may move.
    var ids: [String]

    func call(_ client: TabBarClient) throws(CommandFailure) { try client.call(.setCustomizable, ids) }
}

extension CustomizableCommand {
    init(parsing operands: inout Operands) throws(UsageError) {
        ids = operands.rest()
    }
}
