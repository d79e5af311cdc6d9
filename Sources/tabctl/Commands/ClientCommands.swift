// What tabctl answers by itself, without the daemon.

/// `completions bash | zsh | fish`: a completion script, generated from the command table.
struct CompletionsCommand: TabctlCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "completions", summary: "print a shell completion script",
        examples: ["tabctl completions bash >> ~/.bashrc"])
    static var syntax: Syntax<Self> {
        .choice(
            .literal("bash") { $0.shell = "bash" }, .literal("zsh") { $0.shell = "zsh" },
            .literal("fish") { $0.shell = "fish" }, refusing: "are for")
    }
    /// The shell.
    var shell = ""

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        context.output.write(CompletionScript.script(for: shell))
        return .success
    }
}

/// `help [COMMAND]`: the overview, or one command's usage and examples.
struct HelpCommand: TabctlCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "help", summary: "explain tabctl or one command",
        examples: ["tabctl help badge"])
    static var syntax: Syntax<Self> {
        .sequence(.optional(.operand("COMMAND") { $0.topic = $1 }), .unlisted(.list("WORD") { $0.operands = $1 }))
    }
    /// The command to explain; nil for the overview.
    var topic: String?
    /// The words after the command, naming a part of it to explain (`bar NAME tap`).
    var operands: [String] = []

    /// The topic is a command of the table; the words after it are the command's to read.
    func validate() throws(UsageError) {
        if let topic, CommandSpec.named(topic) == nil { throw UsageError(message: "no command '\(topic)'") }
    }

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        context.output.line(topic.flatMap(CommandTable.command(named:)).map { $0.help(operands) } ?? HelpText.overview)
        return .success
    }
}

/// `--version`: an option, not a command of the table.
struct VersionCommand: CommandWithoutOperands, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "--version", summary: "print the version", examples: ["tabctl --version"])

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        context.output.line("tabctl \(CommandRunner.version)")
        return .success
    }
}
