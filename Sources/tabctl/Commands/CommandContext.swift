import DBus
import JSON

/// What a command runs with: the global options, the output, and the daemon's client,
/// connected the first time a command asks for it (help and completions never do).
final class CommandContext {
    /// `--json`: machine-readable output.
    let json: Bool
    /// Where results go.
    let output = StandardStream.output
    private let bus: Connection.Bus
    private let timeoutMs: Int32
    private var connected: TabBarClient?

    /// A context for the options of `invocation`.
    init(_ invocation: Invocation) {
        json = invocation.json
        bus = invocation.bus
        timeoutMs = invocation.timeoutMs
    }

    /// The daemon's client; the first call connects (a failure means the daemon is unreachable).
    func client() throws(CommandFailure) -> TabBarClient {
        if let connected { return connected }
        let client = try TabBarClient(bus: bus, timeoutMs: timeoutMs)
        connected = client
        return client
    }

    /// The end of a command that changed something: silent on success; with `--json`,
    /// `{"ok":true}` plus what the call answered (`selected` for `tap`, `changed` for
    /// `customize`).
    func changed(answer: (key: String, value: Bool)? = nil) -> ExitStatus {
        if json {
            output.line(
                JSONWriter.object { writer in
                    writer.member("ok", true)
                    if let answer { writer.member(answer.key, answer.value) }
                })
        }
        return .success
    }
}
