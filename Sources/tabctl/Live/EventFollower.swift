import DBus
import TabbardBusContract

/// `tabctl follow`: the state, then one line per event, each written the moment it happens.
/// Survives the daemon leaving the bus (it says so and waits); ends with status 0 on SIGINT,
/// SIGTERM, or when nobody reads its output any more.
final class EventFollower {
    private let client: TabBarClient
    private let lines: EventLine
    /// The settings of the view to follow, nil for none (`follow --view`).
    private let view: String?

    /// A follower printing text, or JSON lines with `json`; through a view of its own opened
    /// with `view`, when given.
    init(client: TabBarClient, json: Bool, view: String? = nil) {
        self.client = client
        lines = EventLine(json: json)
        self.view = view
    }

    /// Opens the view to follow, if any, and prints its state (again when the daemon comes
    /// back: a view ends with the daemon, VIEW-1).
    private func openView(_ print: (String) -> Void) throws(CommandFailure) {
        guard let view else { return }
        let opened = try OpenedView(view, on: client)
        print(lines.viewState(opened.path, try opened.properties()))
    }

    /// Follows until interrupted; fails at once (status 2) when the daemon is not there to start with.
    func run() throws(CommandFailure) -> ExitStatus {
        let session = try LiveSession(client: client)
        let print = { [unowned session] (line: String) in
            // EPIPE: the reader closed the pipe, which is the normal end of `follow | head`.
            if !StandardStream.output.line(line) { session.finish(.success) }
        }
        let onSignal = { [lines] (message: Message) in
            if let line = lines.signal(message) { print(line) }
        }
        // Subscribed before the state is read, so nothing that happens after it is missed.
        try session.subscribe(.fromDaemon(interface: BusNames.controllerInterface), onSignal)
        try session.subscribe(.fromDaemon(interface: BusNames.barInterface), onSignal)
        try session.subscribe(.fromDaemon(interface: BusNames.contentInterface), onSignal) // PageChanged (PAGE-4)
        try session.subscribe(
            .fromDaemon(interface: BusNames.propertiesInterface, member: "PropertiesChanged"), onSignal)
        try session.subscribe(.fromDaemon(interface: BusNames.objectManagerInterface), onSignal)
        try session.watchDaemon(
            left: { [lines] in
                print(lines.daemonLeft())
            },
            back: { [client, lines, unowned self] owner in
                print(lines.daemonBack(owner))
                do throws(CommandFailure) {
                    print(lines.state(try client.controllerProperties()))
                    try self.openView(print)
                } catch {
                    StandardStream.error.line("tabctl: \(error.message)")
                }
            })
        print(lines.state(try client.controllerProperties()))
        try openView(print)
        return session.run()
    }
}
