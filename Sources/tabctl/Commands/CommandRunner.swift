import DBus
import JSON

/// Carries out one parsed command line and says how `tabctl` should exit.
struct CommandRunner {
    /// What was asked, with the global options.
    let invocation: Invocation

    /// Runs the command. Failures are printed here: `name: message` on stderr, and with
    /// `--json` also as the command's one JSON document
    /// (`{"ok":false,"status":5,"error":"org.…","message":"…"}`).
    func run() -> ExitStatus {
        let context = CommandContext(invocation)
        do {
            return try invocation.command.run(context)
        } catch {
            StandardStream.error.line("tabctl: \(error.message)")
            if invocation.json {
                context.output.line(
                    JSONWriter.object { writer in
                        writer.member("ok", false)
                        writer.member("status", Int(error.status.rawValue))
                        writer.member("error", error.name)
                        writer.member("message", error.detail)
                    })
            }
            return error.status
        }
    }

    /// The version `--version` prints; tabctl and tabbard are released together.
    static let version = "0.1.0"
}
