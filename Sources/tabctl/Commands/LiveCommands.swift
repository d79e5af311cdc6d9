import DBus

// The commands that keep running until interrupted.

/// `follow [--view SETTINGS]`: the state, then one line per event; with `--view`, through a
/// view of its own opened with `SETTINGS`, whose state and changes are printed too.
struct FollowCommand: TabctlCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "follow", summary: "print the state, then one line per event, until interrupted",
        examples: [
            "tabctl follow | grep --line-buffered DidSelect",
            "tabctl follow --view max_visible=3,locale=fr_FR",
        ], staysRunning: true)
    static var syntax: Syntax<Self> {
        .options(.sequence(.literal("--view"), .operand("SETTINGS") { $0.view = $1 }), unknown: "option")
    }
    /// The settings of a view to follow (`max_visible=3`); nil for none.
    var view: String?

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try EventFollower(client: try context.client(), json: context.json, view: view).run()
    }
}

/// `delegate [--deny ID...] [--allow-only ID...] [--exec CMD]`: answers `ShouldSelect` by
/// the rules.
struct DelegateCommand: TabctlCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "delegate",
        summary: "act as the delegate: answer ShouldSelect by rule and print each decision",
        examples: [
            "tabctl delegate --deny timer",
            "tabctl delegate --exec 'judge() { [ \"$1\" != alarm ]; }; judge'",
        ],
        staysRunning: true)
    static var syntax: Syntax<Self> {
        .options(
            .sequence(.literal("--deny"), .list("ID", upToOption: true, live: .tabIds) { $0.rules.deny += $1 }),
            .sequence(
                .literal("--allow-only"),
                .list("ID", upToOption: true, live: .tabIds) { $0.rules.allowOnly += $1 }),
            .sequence(.literal("--exec"), .operand("CMD") { $0.rules.exec = $1 }),
            naming: .names, unknown: "rule")
    }
    /// How to answer.
    var rules = DelegateRules()

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try DelegateResponder(client: try context.client(), rules: rules, json: context.json).run()
    }
}

/// How `tabctl delegate` answers `ShouldSelect`.
struct DelegateRules: Equatable, Sendable {
    /// Items to refuse.
    var deny: [String] = []
    /// When non-empty, the only items to allow.
    var allowOnly: [String] = []
    /// A command run with the item as its argument; exit status 0 allows.
    var exec: String?
}
