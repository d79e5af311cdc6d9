import DBus
import Loop
import TabbardBusContract

/// `tabctl show --follow`: the bar drawn again after every change. Changes come in bursts
/// (a selection changes the controller and two tabs), so a redraw waits a moment for the rest
/// of its burst.
final class LiveBar {
    private let client: TabBarClient
    private let json: Bool
    private let source: BarPicture.Source
    private var redraw: LoopTimer?

    /// How long a redraw waits for more changes of the same burst.
    static let settleTime: Duration = .milliseconds(30)

    /// A live drawing of the bar `source` fetches, or one JSON picture per line with `json`.
    init(client: TabBarClient, json: Bool, source: BarPicture.Source) {
        self.client = client
        self.json = json
        self.source = source
    }

    /// Draws, then redraws on every change until interrupted.
    func run() throws(CommandFailure) -> ExitStatus {
        let session = try LiveSession(client: client)
        try session.subscribe(MatchRule(sender: BusNames.service)) { [unowned self, unowned session] _ in
            scheduleRedraw(session)
        }
        try session.watchDaemon(
            left: { [json, unowned session] in
                let line = EventLine(json: json).daemonLeft()
                if !StandardStream.output.line(line) { session.finish(.success) }
            },
            back: { [unowned self, unowned session] _ in
                scheduleRedraw(session)
            })
        try emit(try source.fetch(), session)
        return session.run()
    }

    /// Draws once the current burst of changes has settled; a change meanwhile postpones it.
    private func scheduleRedraw(_ session: LiveSession) {
        if let redraw {
            redraw.arm(after: Self.settleTime)
            return
        }
        do {
            redraw = try session.loop.schedule(after: Self.settleTime) { [unowned self, unowned session] in
                draw(session)
            }
        } catch {
            StandardStream.error.line("tabctl: \(error)")
            session.finish(.otherError)
        }
    }

    private func draw(_ session: LiveSession) {
        do {
            try emit(try source.fetch(), session)
        } catch  where error.status == .unreachable {
            // The daemon is going away; the name watch reports it and redraws when it is back.
        } catch {
            StandardStream.error.line("tabctl: \(error.message)")
        }
    }

    private func emit(_ picture: BarPicture, _ session: LiveSession) throws(CommandFailure) {
        let written: Bool
        if json {
            written = StandardStream.output.write(picture.json + "\n")
        } else {
            let drawing = picture.drawnForStandardOutput()
            // On a terminal each frame replaces the last; into a pipe frames follow each other.
            written = StandardStream.output.writeDrawing(
                StandardStream.output.isTerminal ? "\u{1B}[H\u{1B}[2J" + drawing : drawing + "\n")
        }
        if !written { session.finish(.success) }
    }
}
