import DBus

/// Carries out one parsed command line and says how `tabctl` should exit.
struct CommandRunner {
    /// What was asked, with the global options.
    let invocation: Invocation
    /// Where results go.
    let output = StandardStream.output

    /// Runs the request. Failures are printed here: `name: message` on stderr, and with
    /// `--json` also as the command's one JSON document
    /// (`{"ok":false,"status":5,"error":"org.…","message":"…"}`).
    func run() -> ExitStatus {
        do {
            return try dispatch()
        } catch {
            StandardStream.error.line("tabctl: \(error.message)")
            if invocation.json {
                output.line(JSONWriter.object { writer in
                    writer.member("ok", false)
                    writer.member("status", Int(error.status.rawValue))
                    writer.member("error", error.name)
                    writer.member("message", error.detail)
                })
            }
            return error.status
        }
    }

    private func dispatch() throws(CommandFailure) -> ExitStatus {
        switch invocation.request {
        case .help(let command):
            output.line(command.flatMap(CommandSpec.named).map(HelpText.command) ?? HelpText.overview)
            return .success
        case .version:
            output.line("tabctl \(Self.version)")
            return .success
        case .completions(let shell):
            output.write(CompletionScript.script(for: shell))
            return .success
        default:
            break
        }
        let client = try TabBarClient(bus: invocation.bus, timeoutMs: invocation.timeoutMs)
        switch invocation.request {
        case .list: return try list(client)
        case .get(let property): return try get(property, client)
        case .describe: return try describe(client)
        case .show(follow: false): return try show(client)
        case .show(follow: true): return try LiveBar(client: client, json: invocation.json).run()
        case .follow: return try EventFollower(client: client, json: invocation.json).run()
        case .delegate(let rules): return try DelegateResponder(client: client, rules: rules, json: invocation.json).run()
        default: return try act(client)
        }
    }

    /// The version `--version` prints; tabctl and tabbard are released together.
    static let version = "0.1.0"

    // MARK: - Queries

    private func list(_ client: TabBarClient) throws(CommandFailure) -> ExitStatus {
        let listing = TabList(try TabBarState.fetch(from: client))
        if invocation.json { output.line(listing.json) } else { output.write(listing.text) }
        return .success
    }

    private func get(_ property: String, _ client: TabBarClient) throws(CommandFailure) -> ExitStatus {
        let value = try client.property(property)
        if invocation.json {
            output.line(JSONWriter.object { writer in
                writer.key(property)
                writer.value(value)
            })
        } else {
            let lines = ValueText.shellLines(value)
            if !lines.isEmpty { output.write(lines.joined(separator: "\n") + "\n") }
        }
        return .success
    }

    private func describe(_ client: TabBarClient) throws(CommandFailure) -> ExitStatus {
        let document = try client.decode(try client.call("Describe"), as: String.self)
        output.line(document)
        return .success
    }

    private func show(_ client: TabBarClient) throws(CommandFailure) -> ExitStatus {
        let picture = try BarPicture.fetch(from: client)
        if invocation.json {
            output.line(picture.json)
        } else {
            let look = TerminalLook.current()
            output.write(BarRenderer(width: look.width, colors: look.colors).render(picture))
        }
        return .success
    }
}

extension BarPicture {
    /// The picture of the daemon's state now: `GetAll`, `GetManagedObjects`, and `GetContent`
    /// of the shown tab, if any (none while the More list itself is shown). Content a plugin
    /// cannot give is drawn as a note in the content area; an unreachable daemon still fails
    /// the command.
    static func fetch(from client: TabBarClient) throws(CommandFailure) -> BarPicture {
        let state = try TabBarState.fetch(from: client)
        let shown = state.controller.string("SelectedTab")
        var page: (title: String, body: String)?
        if !shown.isEmpty {
            do {
                let (title, _, body) = try client.decode(try client.call("GetContent", shown),
                                                         as: String.self, String.self, String.self)
                page = (title.isEmpty ? state.title(of: shown) : title, body)
            } catch where error.status != .unreachable {
                page = (state.title(of: shown), "(no content: \(error.message))")
            }
        }
        return BarPicture(state: state, page: page)
    }
}
