// What tabctl answers by itself, without the daemon.

/// `completions bash | zsh | fish`: a completion script, generated from the command table.
struct CompletionsCommand: TabctlCommand, Equatable {
    static let spec = CommandSpec(name: "completions", usage: "bash | zsh | fish", summary: "print a shell completion script",
                                  examples: ["tabctl completions bash >> ~/.bashrc"], words: ["bash", "zsh", "fish"])
    /// The shell.
    var shell: String

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        context.output.write(CompletionScript.script(for: shell))
        return .success
    }
}

extension CompletionsCommand {
    init(parsing operands: inout Operands) throws(UsageError) {
        shell = try operands.required("bash, zsh or fish")
        guard Self.spec.words.contains(shell) else {
            throw UsageError(message: "completions are for bash, zsh or fish, not '\(shell)'", command: operands.command)
        }
    }
}

/// `help [COMMAND]`: the overview, or one command's usage and examples.
struct HelpCommand: TabctlCommand, Equatable {
    static let spec = CommandSpec(name: "help", usage: "[COMMAND]", summary: "explain tabctl or one command",
                                  examples: ["tabctl help badge"])
    /// The command to explain; nil for the overview.
    var topic: String?
    /// The words after the command, naming a part of it to explain (`bar NAME tap`).
    var operands: [String] = []

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        context.output.line(topic.flatMap(CommandTable.command(named:)).map { $0.help(operands) } ?? HelpText.overview)
        return .success
    }
}

extension HelpCommand {
    init(parsing operands: inout Operands) throws(UsageError) {
        topic = operands.isEmpty ? nil : try operands.required("COMMAND")
        if let topic, CommandSpec.named(topic) == nil { throw UsageError(message: "no command '\(topic)'") }
        self.operands = operands.rest()
    }
}

/// `--version`: an option, not a command of the table.
struct VersionCommand: CommandWithoutOperands, Equatable {
    static let spec = CommandSpec(name: "--version", usage: "", summary: "print the version", examples: ["tabctl --version"])

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        context.output.line("tabctl \(CommandRunner.version)")
        return .success
    }
}
