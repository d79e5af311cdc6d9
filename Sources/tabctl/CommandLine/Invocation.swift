import DBus

/// The whole parsed command line: the global options and the command.
struct Invocation {
    /// Where the daemon is.
    var bus: Connection.Bus = .session
    /// `--json`: machine-readable output.
    var json = false
    /// `--timeout MS`: how long to wait for each reply.
    var timeoutMs: Int32 = 25_000
    /// What to do.
    var command: any TabctlCommand = HelpCommand(topic: nil)

    /// Parses the arguments after the program name. Global options may stand before or after
    /// the command word; `--` ends option parsing (for a badge value such as `--1`). The words
    /// after the command word go to that command's parser.
    init(arguments: [String]) throws(UsageError) {
        var words: [String] = []
        var input = arguments[...]
        var optionsEnded = false
        while let argument = input.popFirst() {
            if optionsEnded { words.append(argument); continue }
            switch argument {
            case "--": optionsEnded = true; words.append(argument)
            case "--session": bus = .session
            case "--system": bus = .system
            case "--address":
                guard let address = input.popFirst() else { throw UsageError(message: "--address needs a bus address") }
                bus = .address(address)
            case "--json": json = true
            case "--timeout":
                timeoutMs = try Self.timeout(input.popFirst())
            case "--version":
                command = VersionCommand()
                return
            case "-h", "--help":
                command = HelpCommand(topic: words.first, operands: Array(words.dropFirst()))
                return
            default:
                if argument.hasPrefix("--address=") {
                    bus = .address(String(argument.dropFirst("--address=".count)))
                } else if argument.hasPrefix("--timeout=") {
                    timeoutMs = try Self.timeout(String(argument.dropFirst("--timeout=".count)))
                } else {
                    words.append(argument)
                }
            }
        }
        guard let name = words.first else { return }
        guard let type = CommandTable.command(named: name) else {
            throw UsageError(message: "unknown command '\(name)'; 'tabctl --help' lists them")
        }
        var operands = Operands(command: name, words: Array(words.dropFirst()))
        command = try type.init(parsing: &operands)
        try operands.finish()
    }

    private static func timeout(_ text: String?) throws(UsageError) -> Int32 {
        guard let text, let value = Int32(text), value > 0 else {
            throw UsageError(message: "--timeout needs a number of milliseconds above 0")
        }
        return value
    }
}
