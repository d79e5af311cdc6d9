/// The text of `tabctl --help` and `tabctl help COMMAND`.
enum HelpText {
    /// The overview: usage, global options, every command with its summary, exit codes.
    static var overview: String {
        let width = CommandSpec.all.map(\.name.count).max() ?? 0
        let commands = CommandSpec.all.map { spec in
            "  " + spec.name + String(repeating: " ", count: width - spec.name.count + 2) + spec.summary
        }
        return """
            Usage: tabctl [--session | --system | --address ADDR] [--json] [--timeout MS] COMMAND ...

            Drives the tab bar controller org.tabbard.TabBar1 on D-Bus.

            Commands:
            \(commands.joined(separator: "\n"))

            Options:
              --session         the session bus (default)
              --system          the system bus
              --address ADDR    a bus at ADDR, e.g. unix:path=/run/my-bus
              --json            machine-readable output: one JSON document (follow: one object per line)
              --timeout MS      how long to wait for each reply (default 25000)
              --help            this text; 'tabctl COMMAND --help' explains one command
              --version         print the version

            Exit status: 0 success, 1 usage, 2 daemon not reachable, 3 tap vetoed,
            4 no such tab or index, 5 other D-Bus error (its name is printed).

            Example: tabctl select alarm && tabctl badge alarm 3 && tabctl show
            """
    }

    /// One command's usage, summary, `sections` (paragraphs of its own) and examples; a part
    /// of a command (`bar NAME tap`) names the words before it in `parent`.
    static func command(_ spec: CommandSpec, under parent: String? = nil, sections: [String] = []) -> String {
        let paragraphs =
            ["Usage: tabctl [OPTIONS] " + usage(spec, under: parent), capitalized(spec.summary) + "."]
            + (spec.details.map { [$0] } ?? []) + sections
            + [spec.examples.map { "Example: " + $0 }.joined(separator: "\n")]
        return paragraphs.joined(separator: "\n\n")
    }

    /// `NAME USAGE` of a command, or `PARENT NAME USAGE` of a part of one.
    static func usage(_ spec: CommandSpec, under parent: String? = nil) -> String {
        ((parent.map { [$0] } ?? []) + [spec.name] + (spec.usage.isEmpty ? [] : [spec.usage])).joined(separator: " ")
    }

    private static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
