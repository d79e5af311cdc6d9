/// What `--help`, the manual and the completion scripts say of a `tabctl` command or `bar`
/// action. The command's type declares its name, summary and examples here and its operands
/// in its `syntax`, from which the usage line, the completion words and the parser all come.
struct CommandSpec: Sendable {
    /// The command word.
    let name: String
    /// One line on what it does.
    let summary: String
    /// Lines a person can paste, in the order `--help` and the manual show them. Run in that
    /// order, they work against the bundled plugins' default catalog; a test runs every one.
    let examples: [String]
    /// What `--help` says beyond the summary, when one line cannot say how to use it.
    let details: String?
    /// Whether the command keeps running until interrupted (its examples do too).
    let staysRunning: Bool
    /// The command's syntax without its parser, made when help or completion asks (a command
    /// line only parses, and looks commands up by name).
    private let syntax: @Sendable () -> SyntaxSummary

    /// The spec of `command`, whose operands its `syntax` declares.
    init<Command: DeclaredOperands & Sendable>(
        of command: Command.Type, name: String, summary: String,
        examples: [String], details: String? = nil, staysRunning: Bool = false
    ) {
        self.name = name
        self.summary = summary
        self.examples = examples
        self.details = details
        self.staysRunning = staysRunning
        syntax = { Command.syntax.summary }
    }

    /// The operands and options after the word.
    var usage: String { syntax().usage }
    /// Words a shell may complete after the command (options, fixed values).
    var words: [String] { syntax().words }
    /// Whether the operands are tab ids (completion offers the daemon's tabs).
    var takesTabIds: Bool { syntax().live.contains(.tabIds) }
    /// Whether an operand is a standalone bar's name (completion offers the daemon's bars).
    var takesBarNames: Bool { syntax().live.contains(.barNames) }

    /// Every command's spec, in the order of the command table.
    static var all: [CommandSpec] { CommandTable.commands.map { $0.spec } }

    /// The spec of the command named `name`, if any.
    static func named(_ name: String) -> CommandSpec? { CommandTable.command(named: name)?.spec }
}
