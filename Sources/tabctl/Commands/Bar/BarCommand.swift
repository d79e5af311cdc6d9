import DBus

// Standalone tab bars (SBAR-1..8): `tabctl bar NAME ACTION …`, one type per action.

/// `bar NAME ACTION …`: makes, fills, selects on, badges, customizes and draws the standalone
/// bar `NAME`. The action's own type parses the words after it and carries it out.
struct BarCommand: TabctlCommand {
    static let spec = CommandSpec(
        of: Self.self, name: "bar",
        summary: "create, fill, select on, badge, customize and draw a standalone tab bar",
        examples: BarActionTable.actions.flatMap { $0.spec.examples })
    /// `NAME ACTION ...`: the action's own syntax reads the words after its word, and usage
    /// errors from there on name `bar NAME ACTION`.
    static var syntax: Syntax<Self> {
        .sequence(
            .operand("NAME", live: .barNames) { $0.name = $1 },
            .custom("ACTION ...", words: BarActionTable.words) { command, operands throws(UsageError) in
                let word = try operands.required("ACTION (\(BarActionTable.names))")
                guard let type = BarActionTable.action(named: word) else {
                    throw UsageError(
                        message: "bar takes \(BarActionTable.names), not '\(word)'", command: operands.command)
                }
                var rest = operands.renamed("bar \(command.name) \(word)")
                command.action = try type.init(parsing: &rest)
                operands = rest
            })
    }
    /// The bar's name.
    var name = ""
    /// What to do with it.
    var action: any BarAction = CreateBarAction()

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try action.run(on: StandaloneBar(client: try context.client(), name: name), context)
    }

    func isEqual(_ other: any TabctlCommand) -> Bool {
        guard let other = other as? BarCommand else { return false }
        return other.name == name && other.action.isEqual(action)
    }

    /// The help of `bar` with every action's usage, or of the action that the words after
    /// `bar` name: `bar NAME tap` (from `tabctl bar modes tap --help`) or `bar tap` (from
    /// `tabctl help bar tap`).
    static func help(_ operands: [String]) -> String {
        if let (name, action) = action(in: operands) {
            return HelpText.command(action.spec, under: "bar \(name)")
        }
        let width = BarActionTable.actions.map { $0.spec.name.count }.max() ?? 0
        let actions = BarActionTable.actions.map { action in
            "  " + action.spec.name + String(repeating: " ", count: width - action.spec.name.count + 2)
                + action.spec.summary
        }
        return HelpText.command(
            spec,
            sections: [
                "Actions:\n" + actions.joined(separator: "\n"),
                "'tabctl bar NAME ACTION --help' explains one action.",
            ])
    }

    /// `bar NAME ACTION USAGE` of the action the words name, else `bar NAME ACTION ...`.
    static func usage(_ operands: [String]) -> String {
        guard let (name, action) = action(in: operands) else { return HelpText.usage(spec) }
        return HelpText.usage(action.spec, under: "bar \(name)")
    }

    /// The action named by the words after `bar`: `NAME ACTION …` or, in help, `ACTION` alone.
    private static func action(in operands: [String]) -> (name: String, action: any BarAction.Type)? {
        if operands.count >= 2, let action = BarActionTable.action(named: operands[1]) { return (operands[0], action) }
        if let first = operands.first, let action = BarActionTable.action(named: first) { return ("NAME", action) }
        return nil
    }
}

/// One action of `tabctl bar NAME …`, whole in one type like a command: its spec (the name
/// is the action's word), its parsing, and what it does to the bar.
protocol BarAction: DeclaredOperands, Sendable {
    /// What `--help`, the manual and the completions say of the action.
    static var spec: CommandSpec { get }
    /// Parses the words after the action's word by `syntax`.
    init(parsing operands: inout Operands) throws(UsageError)
    /// Carries the action out on `bar` and says how `tabctl` should exit.
    func run(on bar: StandaloneBar, _ context: CommandContext) throws(CommandFailure) -> ExitStatus
    /// Whether `other` is the same action with the same operands (for tests).
    func isEqual(_ other: any BarAction) -> Bool
}

extension BarAction where Self: Equatable {
    /// Whether `other` is the same action with the same operands.
    func isEqual(_ other: any BarAction) -> Bool { (other as? Self) == self }
}

/// An action carried out by calls that change something: silent on success, `{"ok":true}`
/// with `--json`.
protocol BarCallAction: BarAction {
    /// The calls that carry the action out.
    func call(on bar: StandaloneBar) throws(CommandFailure)
}

extension BarCallAction {
    /// The calls, then the usual answer of a change.
    func run(on bar: StandaloneBar, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try call(on: bar)
        return context.changed()
    }
}

/// An action that takes no operands.
protocol BarActionWithoutOperands: BarAction {}

extension BarActionWithoutOperands {
    /// Nothing to parse: any word left over is the parser's usage error.
    static var syntax: Syntax<Self> { .none }
}

/// An action whose one operand is an item id.
protocol BarItemAction: BarCallAction, IdOperand {}

extension BarItemAction {
    /// The id is a bar item's, not a tab's.
    static var idsAreTabs: Bool { false }
}

/// Every action of `tabctl bar`, in the order `--help` lists them; their examples, run in
/// that order, make a bar, fill it, use it and remove it again.
enum BarActionTable {
    /// The actions.
    static let actions: [any BarAction.Type] = [
        CreateBarAction.self, DefineItemAction.self, SetItemAction.self, SetItemsAction.self,
        SelectItemAction.self, TapItemAction.self, ItemBadgeAction.self,
        DisableItemAction.self, EnableItemAction.self, CustomizeItemsAction.self,
        BarAppearanceAction.self, BarDividerAction.self, ShowBarAction.self, UndefineItemAction.self,
        RemoveBarAction.self,
    ]

    /// The action whose word is `name`.
    static func action(named name: String) -> (any BarAction.Type)? {
        actions.first { $0.spec.name == name }
    }

    /// The action words and every action's own words, each once, for completion.
    static var words: [String] {
        var seen: Set<String> = []
        return (actions.map { $0.spec.name } + actions.flatMap { $0.spec.words }).filter { seen.insert($0).inserted }
    }

    /// The action words, for messages: `create, define, …`.
    static var names: String { actions.map { $0.spec.name }.joined(separator: ", ") }
}
