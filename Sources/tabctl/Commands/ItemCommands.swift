import DBus

// What a tab's bar item shows: its badge, and whether it can be tapped.

/// `badge ID VALUE | ID --dot | ID --clear | ID --color #RRGGBB` (ITEM-4).
struct BadgeCommand: ControllerCallCommand, Equatable {
    static let spec = CommandSpec(name: "badge", usage: "ID VALUE | ID --dot | ID --clear | ID --color #RRGGBB",
                                  summary: "show, dot, clear or color a tab's badge",
                                  examples: ["tabctl badge alarm 3", "tabctl badge notes --dot", "tabctl badge alarm --clear",
                                             "tabctl badge alarm --color '#34C759'"],
                                  words: ["--dot", "--clear", "--color"], takesTabIds: true)
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
    var id: String
    /// What happens to its badge.
    var change: Change

    func call(_ client: TabBarClient) throws(CommandFailure) {
        switch change {
        case .text(let value): try client.call(.setBadge, id, value)
        case .dot: try client.call(.setBadge, id, "")
        case .clear: try client.call(.clearBadge, id)
        case .color(let color): try client.call(.setBadgeColor, id, color)
        }
    }
}

extension BadgeCommand {
    init(parsing operands: inout Operands) throws(UsageError) {
        id = try operands.required("ID")
        change = try Change(parsing: &operands)
    }
}

extension BadgeCommand.Change {
    /// `VALUE`, `--dot`, `--clear` or `--color #RRGGBB`: the words after the id, for a tab's
    /// badge and for a standalone bar item's alike.
    init(parsing operands: inout Operands) throws(UsageError) {
        if operands.flag("--dot") {
            self = .dot
        } else if operands.flag("--clear") {
            self = .clear
        } else if operands.flag("--color") {
            self = .color(try operands.required("#RRGGBB"))
        } else {
            self = .text(try operands.required("VALUE, --dot or --clear"))
        }
    }
}

/// `enable ID`: the tab can be tapped again (ITEM-6).
struct EnableCommand: TabIdCommand, Equatable {
    static let spec = CommandSpec(name: "enable", usage: "ID", summary: "let a tab be tapped again",
                                  examples: ["tabctl enable timer"], takesTabIds: true)
    /// The tab.
    var id: String

    func call(_ client: TabBarClient) throws(CommandFailure) { try client.call(.setEnabled, id, true) }
}

/// `disable ID`: the tab cannot be tapped; it can still be selected (ITEM-6).
struct DisableCommand: TabIdCommand, Equatable {
    static let spec = CommandSpec(name: "disable", usage: "ID", summary: "stop a tab from being tapped (it can still be selected)",
                                  examples: ["tabctl disable timer"], takesTabIds: true)
    /// The tab.
    var id: String

    func call(_ client: TabBarClient) throws(CommandFailure) { try client.call(.setEnabled, id, false) }
}
