import DBus
import JSON
import TabbardBusContract

// The whole state: drawn, listed, one property, as JSON, or back to the configuration.

/// `show [--follow] [--bar NAME] [--view SETTINGS]`: draws the bar and the shown tab's
/// content, or the standalone bar `NAME`, or the bar through a view of its own opened with
/// `SETTINGS` and closed again; with `--follow`, again after every change.
struct ShowCommand: TabctlCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "show",
        summary: "draw the bar and the selected tab's content, a standalone bar, or the bar through a view",
        examples: [
            "tabctl show", "tabctl bar modes create && tabctl show --bar modes",
            "tabctl show --view max_visible=3,locale=fr_FR",
        ])
    static var syntax: Syntax<Self> {
        .options(
            .literal("--follow") { $0.follow = true },
            .sequence(.literal("--bar"), .operand("NAME", live: .barNames) { $0.bar = $1 }),
            .sequence(.literal("--view"), .operand("SETTINGS") { $0.view = $1 }), unknown: "option")
    }
    /// Redraw on every change until interrupted.
    var follow = false
    /// The standalone bar to draw; nil for the controller's.
    var bar: String?
    /// The settings of a view to draw through (`max_visible=3,locale=fr_FR`); nil for none.
    var view: String?

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let client = try context.client()
        if let view {
            guard bar == nil, !follow else {
                throw CommandFailure(
                    .usage,
                    "show --view draws the controller's bar once; it takes neither --bar nor --follow (follow --view follows one)"
                )
            }
            let opened = try OpenedView(view, on: client)
            let picture = try BarPicture.fetch(from: client, through: opened)
            try opened.close()
            picture.print(in: context)
            return .success
        }
        let source =
            bar.map { BarPicture.Source.standalone(StandaloneBar(client: client, name: $0)) } ?? .controller(client)
        if follow { return try LiveBar(client: client, json: context.json, source: source).run() }
        try source.fetch().print(in: context)
        return .success
    }
}

/// `list`: one line per tab of the controller.
struct ListCommand: CommandWithoutOperands, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "list", summary: "one line per tab: index, id, title, placement, badge, flags",
        examples: ["tabctl list"])

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let listing = TabList(try TabBarState.fetch(from: try context.client()))
        if context.json { context.output.line(listing.json) } else { context.output.write(listing.text) }
        return .success
    }
}

/// `get PROPERTY`: one controller property, shell-friendly.
struct GetCommand: TabctlCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "get", summary: "print one property of the controller",
        examples: ["tabctl get SelectedTab"])
    static var syntax: Syntax<Self> {
        .operand("PROPERTY", values: ControllerPropertyName.allCases.map { $0.rawValue }) { $0.property = $1 }
    }
    /// The property's D-Bus name, as typed (an unknown one is the daemon's error).
    var property = ""

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let value = try context.client().property(property)
        if context.json {
            context.output.line(
                JSONWriter.object { writer in
                    writer.key(property)
                    writer.value(value)
                })
        } else {
            let lines = ValueText.shellLines(value)
            if !lines.isEmpty { context.output.write(lines.joined(separator: "\n") + "\n") }
        }
        return .success
    }
}

/// `reset`: everything back to the configuration (STATE-5).
struct ResetCommand: CommandWithoutOperands, ControllerCallCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "reset", summary: "return everything to the configuration",
        examples: ["tabctl reset"])

    func call(_ client: TabBarClient) throws(CommandFailure) { try client.call(.reset) }
}

/// `describe`: the daemon's `Describe` document, as it is.
struct DescribeCommand: CommandWithoutOperands, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "describe", summary: "print the whole state as JSON",
        examples: ["tabctl describe > tabbar-state.json"])

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let client = try context.client()
        context.output.line(try client.decode(try client.call(.describe), as: String.self))
        return .success
    }
}
