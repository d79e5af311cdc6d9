import DBus
import Glibc
import Loop
import TabbardBusContract

/// The event loop of a command that keeps running (`follow`, `show --follow`, `delegate`):
/// the client's connection on an `EventLoop`, SIGINT and SIGTERM ending it with status 0,
/// SIGCHLD handed to whoever spawned children, and the daemon's comings and goings on the bus.
final class LiveSession {
    /// The daemon's client; its connection runs on `loop`.
    let client: TabBarClient
    /// The loop everything runs on (the main thread).
    let loop: EventLoop
    /// Runs before the loop stops on SIGINT or SIGTERM (e.g. to unregister). Set once there is
    /// something to undo: an interrupt before that only ends the session.
    var onInterrupt: (() -> Void)?
    /// Runs when a child process may have exited.
    private let onChildExit: (() -> Void)?
    private var status = ExitStatus.success
    /// Set once the session is ending: the connection closing then is expected, not news.
    private var finishing = false
    private var keep: [AnyObject] = []

    /// Puts the client's connection on a new loop and routes the process signals to it;
    /// `onChildExit` runs on SIGCHLD, for a command that spawns children.
    init(client: TabBarClient, onChildExit: (() -> Void)? = nil) throws(CommandFailure) {
        self.client = client
        self.onChildExit = onChildExit
        do {
            loop = try EventLoop()
        } catch {
            throw CommandFailure(error)
        }
        client.connection.attach(to: loop)
        client.connection.onDisconnect = { [unowned self] in
            guard !finishing else { return }
            StandardStream.error.line("tabctl: the connection to the bus was closed")
            finish(.unreachable)
        }
        do {
            keep.append(
                try loop.watchSignals([SIGINT, SIGTERM, SIGCHLD]) { [unowned self] signal in
                    if signal == SIGCHLD {
                        onChildExit?()
                    } else {
                        // A second Ctrl-C while the first is handled must not run it again.
                        let interrupt = onInterrupt
                        onInterrupt = nil
                        interrupt?()
                        finish(.success)
                    }
                })
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Calls `handler` for every signal matching `rule`, for as long as the session runs.
    func subscribe(_ rule: MatchRule, _ handler: @escaping (Message) -> Void) throws(CommandFailure) {
        do {
            keep.append(try client.connection.subscribe(rule, handler))
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Follows the owner of `org.tabbard.TabBar1`: `left` when the daemon leaves the bus,
    /// `back` with its new unique name when one takes the name again.
    func watchDaemon(left: @escaping () -> Void, back: @escaping (String) -> Void) throws(CommandFailure) {
        do {
            keep.append(
                try client.connection.watchNameOwner(BusNames.service) { owner in
                    if let owner { back(owner) } else { left() }
                })
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Ends the session after the current turn, exiting with `status`.
    func finish(_ status: ExitStatus) {
        guard !finishing else { return }
        finishing = true
        self.status = status
        loop.stop()
    }

    /// Runs until `finish`; returns the exit status.
    func run() -> ExitStatus {
        loop.run()
        return status
    }
}

extension MatchRule {
    /// Every signal the daemon sends on `interface` (any object, any member).
    static func fromDaemon(interface: String, member: String? = nil) -> MatchRule {
        MatchRule(sender: BusNames.service, interface: interface, member: member)
    }
}
