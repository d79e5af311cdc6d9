import DBus
import TabbardBusContract

// Choosing what the bar shows: programmatically, by a user's tap, or the More list.

/// `select ID | select --index N`: selection without the delegate and without `DidSelect`
/// (SEL-1).
struct SelectCommand: ControllerCallCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "select", summary: "select a tab (no delegate, no DidSelect)",
        examples: ["tabctl select alarm", "tabctl select --index 0"])
    static var syntax: Syntax<Self> {
        .choice(
            .operand("ID", live: .tabIds) { $0.target = .id($1) },
            .sequence(.literal("--index"), .operand("N") { $0.target = .index($1) }))
    }
    /// What to select.
    enum Target: Equatable, Sendable {
        /// A tab by id (`Select`).
        case id(String)
        /// A tab by its index in `Tabs` (`SelectIndex`).
        case index(Int32)
    }

    /// What to select.
    var target = Target.index(0)

    func call(_ client: TabBarClient) throws(CommandFailure) {
        switch target {
        case .id(let id): try client.call(.select, id)
        case .index(let index): try client.call(.selectIndex, index)
        }
    }
}

/// `tap ID | tap @more`: a user's tap; the delegate may veto (exit 3).
struct TapCommand: TabctlCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "tap",
        summary: "tap an item as a user would: the delegate may veto (exit 3)",
        examples: ["tabctl tap stopwatch || echo \"vetoed\""])
    static var syntax: Syntax<Self> {
        .choice(
            .operand("ID", missing: "ID or \(BusNames.moreItem)", live: .tabIds) { $0.item = $1 },
            .literal(BusNames.moreItem) { $0.item = BusNames.moreItem })
    }
    /// A tab id or `@more`.
    var item = ""

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let client = try context.client()
        let selected = try client.decode(try client.call(.tap, item), as: Bool.self)
        // A vetoed tap is not a failure of the call, but exits 3.
        if !selected { StandardStream.error.line("tabctl: the delegate vetoed the tap on '\(item)'") }
        _ = context.changed(answer: ("selected", selected))
        return selected ? .success : .vetoed
    }
}

/// `more`: shows the More list itself (SEL-5) and draws it, as `show` then would.
struct MoreCommand: CommandWithoutOperands, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "more", summary: "show the More list and draw it",
        examples: ["tabctl more"])

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let client = try context.client()
        try client.call(.selectMore)
        try BarPicture.fetch(from: client).print(in: context)
        return .success
    }
}
