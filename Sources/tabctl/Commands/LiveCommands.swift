import DBus

// The commands that keep running until interrupted.

/// `follow`: the state, then one line per event.
struct FollowCommand: CommandWithoutOperands, Equatable {
    static let spec = CommandSpec(name: "follow", usage: "", summary: "print the state, then one line per event, until interrupted",
                                  examples: ["tabctl follow | grep --line-buffered DidSelect"], staysRunning: true)

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try EventFollower(client: try context.client(), json: context.json).run()
    }
}

/// `delegate [--deny ID...] [--allow-only ID...] [--exec CMD]`: answers `ShouldSelect` by
/// the rules.
struct DelegateCommand: TabctlCommand, Equatable {
    static let spec = CommandSpec(name: "delegate", usage: "[--deny ID...] [--allow-only ID...] [--exec CMD]",
                                  summary: "act as the delegate: answer ShouldSelect by rule and print each decision",
                                  examples: ["tabctl delegate --deny timer",
                                             "tabctl delegate --exec 'judge() { [ \"$1\" != alarm ]; }; judge'"],
                                  words: ["--deny", "--allow-only", "--exec"], takesTabIds: true, staysRunning: true)
    /// How to answer.
    var rules: DelegateRules

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try DelegateResponder(client: try context.client(), rules: rules, json: context.json).run()
    }
}

extension DelegateCommand {
    init(parsing operands: inout Operands) throws(UsageError) {
        var rules = DelegateRules()
        while !operands.isEmpty {
            if operands.flag("--deny") {
                rules.deny += operands.takeIds()
            } else if operands.flag("--allow-only") {
                rules.allowOnly += operands.takeIds()
            } else if operands.flag("--exec") {
                rules.exec = try operands.required("CMD")
            } else {
                throw UsageError(message: "delegate takes --deny, --allow-only and --exec, not '\(try operands.required("rule"))'",
                                 command: operands.command)
            }
        }
        self.rules = rules
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
