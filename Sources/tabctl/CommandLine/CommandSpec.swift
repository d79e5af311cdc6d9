/// What `--help`, the manual and the completion scripts say of a `tabctl` command. Each
/// command's type carries its spec (`TabctlCommand.spec`), next to its parsing and running.
struct CommandSpec: Sendable {
    /// The command word.
    let name: String
    /// The operands and options after the word.
    let usage: String
    /// One line on what it does.
    let summary: String
    /// Lines a person can paste, in the order `--help` and the manual show them. Run in that
    /// order, they work against the bundled plugins' default catalog; a test runs every one.
    let examples: [String]
    /// What `--help` says beyond the summary, when one line cannot say how to use it.
    var details: String?
    /// Words a shell may complete after the command (options, fixed values).
    var words: [String] = []
    /// Whether the operands are tab ids (completion offers the daemon's tabs).
    var takesTabIds = false
    /// Whether an operand is a standalone bar's name (completion offers the daemon's bars).
    var takesBarNames = false
    /// Whether the command keeps running until interrupted (its examples do too).
    var staysRunning = false

    /// Every command's spec, in the order of the command table.
    static var all: [CommandSpec] { CommandTable.commands.map { $0.spec } }

    /// The spec of the command named `name`, if any.
    static func named(_ name: String) -> CommandSpec? { CommandTable.command(named: name)?.spec }
}
