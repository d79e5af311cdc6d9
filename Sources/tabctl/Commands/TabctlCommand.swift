import TabbardBusContract

/// One `tabctl` command, whole in one type: what `--help`, the manual and the completions say
/// of it (`spec`), its operands declared once (`syntax`: the parser, the usage line and the
/// completion words, into the type's own fields), and what it does (`run`). The command table
/// lists the types, like busctl's `verbs[]`; nothing else names a command.
protocol TabctlCommand: DeclaredOperands, Sendable {
    /// What `--help`, the manual and the completion scripts say of the command.
    static var spec: CommandSpec { get }
    /// Parses the words after the command word by `syntax`; `Invocation` checks that none is
    /// left over.
    init(parsing operands: inout Operands) throws(UsageError)
    /// Carries the command out and says how `tabctl` should exit.
    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus
    /// Whether `other` is the same command with the same operands (for tests).
    func isEqual(_ other: any TabctlCommand) -> Bool
    /// What `--help` says of the command, or of the part of it that the words after the
    /// command word name (`bar modes tap --help`).
    static func help(_ operands: [String]) -> String
    /// The usage line after `tabctl [OPTIONS]`, of the command or of the part of it that the
    /// words after the command word name.
    static func usage(_ operands: [String]) -> String
}

extension TabctlCommand {
    /// The command's usage, summary and examples, whatever follows it.
    static func help(_ operands: [String]) -> String { HelpText.command(spec) }

    /// `NAME USAGE` of the spec, whatever follows it.
    static func usage(_ operands: [String]) -> String { HelpText.usage(spec) }
}

extension TabctlCommand where Self: Equatable {
    /// Whether `other` is the same command with the same operands.
    func isEqual(_ other: any TabctlCommand) -> Bool { (other as? Self) == self }
}

/// Every command, in the order `--help` lists them.
enum CommandTable {
    /// The commands.
    static let commands: [any TabctlCommand.Type] = [
        ShowCommand.self, ListCommand.self, GetCommand.self,
        SelectCommand.self, TapCommand.self, MoreCommand.self,
        TabsCommand.self, CustomizeCommand.self, CustomizableCommand.self,
        BadgeCommand.self, EnableCommand.self, DisableCommand.self,
        NavigateCommand.self, BackCommand.self, RootCommand.self, ActivateCommand.self, PageCommand.self,
        AppearanceCommand.self, OrientationCommand.self,
        FollowCommand.self, DelegateCommand.self,
        BarCommand.self,
        ResetCommand.self, DescribeCommand.self,
        CompletionsCommand.self, HelpCommand.self,
    ]

    /// The command whose word is `name`.
    static func command(named name: String) -> (any TabctlCommand.Type)? {
        commands.first { $0.spec.name == name }
    }
}

/// A command that takes no operands.
protocol CommandWithoutOperands: TabctlCommand {}

extension CommandWithoutOperands {
    /// Nothing to parse: any word left over is the parser's usage error.
    static var syntax: Syntax<Self> { .none }
}

/// A command carried out by controller calls that change something: silent on success,
/// `{"ok":true}` with `--json`.
protocol ControllerCallCommand: TabctlCommand {
    /// The calls that carry the command out.
    func call(_ client: TabBarClient) throws(CommandFailure)
}

extension ControllerCallCommand {
    /// The calls, then the usual answer of a change.
    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try call(context.client())
        return context.changed()
    }
}

/// A command or `bar` action whose one operand is an id: a tab's, or a bar item's.
protocol IdOperand: DeclaredOperands {
    /// The tab or item.
    var id: String { get set }
    /// Whether the id is a tab's (completion offers the daemon's tabs).
    static var idsAreTabs: Bool { get }
}

extension IdOperand {
    /// `ID`.
    static var syntax: Syntax<Self> { .operand("ID", live: idsAreTabs ? .tabIds : []) { $0.id = $1 } }
}

/// A command whose one operand is a tab id.
protocol TabIdCommand: ControllerCallCommand, IdOperand {}

extension TabIdCommand {
    /// The id is a tab's.
    static var idsAreTabs: Bool { true }
}

/// A command whose operands are a tab id and one word for it (a page, an action), passed as
/// they are to one controller method.
protocol TabIdAndWordCommand: ControllerCallCommand {
    /// What the word is, in the usage and in usage errors (`PAGE`).
    static var wordName: String { get }
    /// The method called with the id and the word.
    static var method: ControllerMethodName { get }
    /// The tab.
    var id: String { get set }
    /// The word.
    var word: String { get set }
}

extension TabIdAndWordCommand {
    /// `ID WORD`.
    static var syntax: Syntax<Self> {
        .sequence(.operand("ID", live: .tabIds) { $0.id = $1 }, .operand(wordName) { $0.word = $1 })
    }

    /// `method(id, word)`.
    func call(_ client: TabBarClient) throws(CommandFailure) {
        try client.call(Self.method, id, word)
    }
}
