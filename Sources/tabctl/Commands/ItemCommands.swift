import DBus

// What a tab's bar item shows: its badge, and whether it can be tapped.

/// `badge ID VALUE | ID --dot | ID --clear | ID --color #RRGGBB` (ITEM-4).
struct BadgeCommand: ControllerCallCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "badge", summary: "show, dot, clear or color a tab's badge",
        examples: [
            "tabctl badge alarm 3", "tabctl badge notes --dot", "tabctl badge alarm --clear",
            "tabctl badge alarm --color '#34C759'",
        ])
    static var syntax: Syntax<Self> {
        .sequence(.operand("ID", live: .tabIds) { $0.id = $1 }, Change.syntax { $0.change = $1 })
    }
    /// What happens to the badge.
    enum Change: Equatable, Sendable {
        /// Show this text (`SetBadge`).
        case text(String)
        /// Show a dot badge (`SetBadge` with "").
        case dot
        /// Remove the badge (`ClearBadge`).
        case clear
        /// Color it (`SetBadgeColor`).
        case color(String)
    }

    /// The tab.
    var id = ""
    /// What happens to its badge.
    var change = Change.clear

    func call(_ client: TabBarClient) throws(CommandFailure) {
        switch change {
        case .text(let value): try client.call(.setBadge, id, value)
        case .dot: try client.call(.setBadge, id, "")
        case .clear: try client.call(.clearBadge, id)
        case .color(let color): try client.call(.setBadgeColor, id, color)
        }
    }
}

extension BadgeCommand.Change {
    /// `VALUE | --dot | --clear | --color #RRGGBB`: the words after the id, for a tab's badge
    /// and for a standalone bar item's alike, kept by `set`.
    static func syntax<Command>(_ set: @escaping (inout Command, Self) -> Void) -> Syntax<Command> {
        .choice(
            .operand("VALUE", missing: "VALUE, --dot or --clear") { set(&$0, .text($1)) },
            .literal("--dot") { set(&$0, .dot) },
            .literal("--clear") { set(&$0, .clear) },
            .sequence(.literal("--color"), .operand("#RRGGBB") { set(&$0, .color($1)) }))
    }
}

/// `enable ID`: the tab can be tapped again (ITEM-6).
struct EnableCommand: TabIdCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "enable", summary: "let a tab be tapped again",
        examples: ["tabctl enable timer"])
    /// The tab.
    var id = ""

    func call(_ client: TabBarClient) throws(CommandFailure) { try client.call(.setEnabled, id, true) }
}

/// `disable ID`: the tab cannot be tapped; it can still be selected (ITEM-6).
struct DisableCommand: TabIdCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "disable", summary: "stop a tab from being tapped (it can still be selected)",
        examples: ["tabctl disable timer"])
    /// The tab.
    var id = ""

    func call(_ client: TabBarClient) throws(CommandFailure) { try client.call(.setEnabled, id, false) }
}
