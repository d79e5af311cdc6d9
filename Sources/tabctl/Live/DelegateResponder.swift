import DBus
import Glibc
import JSON
import Loop
import TabbardBusContract

/// `tabctl delegate`: registers an `org.tabbard.TabBar1.Delegate` object and answers
/// `ShouldSelect` by the rules of the command line, printing each decision. Unregisters on
/// SIGINT or SIGTERM; ends when the daemon sends `Release` or leaves the bus.
final class DelegateResponder {
    /// Where the delegate object lives on tabctl's connection.
    static let path: ObjectPath = "/org/tabbard/tabctl/Delegate"

    private let client: TabBarClient
    private let rules: DelegateRules
    private let json: Bool
    private var daemonTimeoutMs = 1000
    private var judge: ExecJudge?

    /// A delegate answering by `rules`; `json` prints decisions as JSON lines.
    init(client: TabBarClient, rules: DelegateRules, json: Bool) {
        self.client = client
        self.rules = rules
        self.json = json
    }

    /// Registers and answers until interrupted or released.
    func run() throws(CommandFailure) -> ExitStatus {
        let session = try LiveSession(client: client) { [weak self] in self?.judge?.reap() }
        if let command = rules.exec { judge = ExecJudge(command: command, loop: session.loop) }
        do {
            try client.connection.export(Self.path, interfaces: [delegateInterface(session)])
        } catch {
            throw CommandFailure(error)
        }
        if rules.exec != nil {
            daemonTimeoutMs = Int(try client.property(ControllerPropertyName.delegateTimeoutMs).integer ?? 1000)
            // The timeout may be changed while tabctl answers; the kill deadline follows it.
            try session.subscribe(
                MatchRule(
                    sender: BusNames.service, path: BusNames.controller.rawValue,
                    interface: BusNames.propertiesInterface, member: "PropertiesChanged")
            ) {
                [weak self] message in
                guard let (_, changed, _) = try? message.decode(String.self, [String: Variant].self, [String].self),
                    let timeout = changed[ControllerPropertyName.delegateTimeoutMs.rawValue]?.value.integer
                else { return }
                self?.daemonTimeoutMs = Int(timeout)
            }
        }
        try session.watchDaemon(
            left: { [unowned self, unowned session] in
                StandardStream.error.line("tabctl: the daemon left the bus; the delegate is gone with it")
                judge?.killAll()
                session.finish(.unreachable)
            }, back: { _ in })
        try client.call(.registerDelegate, Self.path)
        print(
            json
                ? JSONWriter.object {
                    $0.member("event", "registered"); $0.member("path", Self.path.rawValue)
                }
                : "registered as the delegate (\(client.connection.uniqueName) \(Self.path))")
        session.onInterrupt = { [unowned self] in
            judge?.killAll()
            do throws(CommandFailure) {
                try client.call(.unregisterDelegate, Self.path)
                print(json ? JSONWriter.object { $0.member("event", "unregistered") } : "unregistered")
            } catch {
                StandardStream.error.line("tabctl: \(error.message)")
            }
        }
        return session.run()
    }

    private func delegateInterface(_ session: LiveSession) -> Interface {
        Interface(
            BusNames.delegateInterface,
            methods: [
                Interface.Method(
                    DelegateMethodName.shouldSelect.rawValue, inputs: [Argument("item", "s")],
                    outputs: [Argument("allow", "b")]
                ) {
                    [unowned self] call in
                    let item = try call.decode(String.self)
                    if let (allow, reason) = rules.decide(item) {
                        print(decisionLine(item, allow, reason))
                        return try call.reply(allow)
                    }
                    return call.deferReply { reply in
                        judge?.judge(item, daemonTimeoutMs: daemonTimeoutMs) { [unowned self] verdict in
                            let (allow, reason) = Self.decision(verdict)
                            print(decisionLine(item, allow, reason))
                            try? reply.reply(allow)
                        }
                    }
                },
                Interface.Method(DelegateMethodName.release.rawValue) { [unowned self, unowned session] call in
                    judge?.killAll()
                    print(json ? JSONWriter.object { $0.member("event", "Release") } : "released by the daemon")
                    session.finish(.success)
                    return try call.reply()
                },
            ])
    }

    private static func decision(_ verdict: ExecJudge.Verdict) -> (Bool, String) {
        switch verdict {
        case .exited(0): (true, "--exec exited 0")
        case .exited(let status): (false, "--exec exited \(status)")
        case .killed(let milliseconds): (false, "--exec killed after \(milliseconds) ms")
        case .signalled(let signal): (false, "--exec died of signal \(signal)")
        case .failedToStart(let reason): (false, "--exec failed: \(reason)")
        }
    }

    private func decisionLine(_ item: String, _ allow: Bool, _ reason: String) -> String {
        if json {
            return JSONWriter.object { writer in
                writer.member("event", "ShouldSelect")
                writer.member("item", item)
                writer.member("allow", allow)
                writer.member("reason", reason)
            }
        }
        return "\(allow ? "allow" : "deny") \(ValueText.word(item)) (\(reason))"
    }

    private func print(_ line: String) {
        // Nobody reads the decisions any more: keep answering, since the daemon still asks.
        _ = StandardStream.output.line(line)
    }
}

extension DelegateRules {
    /// The answer the fixed rules give, with the rule that gave it; nil when `--exec` decides.
    func decide(_ item: String) -> (allow: Bool, reason: String)? {
        if deny.contains(item) { return (false, "--deny") }
        if !allowOnly.isEmpty {
            guard allowOnly.contains(item) else { return (false, "not in --allow-only") }
            if exec == nil { return (true, "--allow-only") }
        }
        return exec == nil ? (true, "no rule denies it") : nil
    }
}
