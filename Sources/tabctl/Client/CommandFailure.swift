import DBus
import Loop
import TabbardBusContract

/// Why a command stopped early: the exit status, and what is printed on stderr.
struct CommandFailure: Error {
    /// The exit status.
    let status: ExitStatus
    /// The D-Bus error name, when a D-Bus error is the reason.
    let name: String?
    /// The human part of the message.
    let detail: String

    /// A failure that is not a D-Bus error.
    init(_ status: ExitStatus, _ detail: String) {
        self.status = status
        self.name = nil
        self.detail = detail
    }

    /// A failed call, classified by its error name: an unreachable daemon apart from an
    /// unknown tab, bar, item or index, both apart from everything else.
    init(_ error: DBusError) {
        status = Self.status(of: error.name)
        name = error.name
        detail = error.message
    }

    /// A system call of the event loop that failed (no descriptors left, …).
    init(_ error: LoopError) {
        self.init(.otherError, error.description)
    }

    private init(status: ExitStatus, _ error: DBusError) {
        self.status = status
        name = error.name
        detail = error.message
    }

    /// The failure `name` with its own status and a message of tabctl's, for an error whose
    /// own message says less than tabctl knows (an object that is not there is a bar or item
    /// that is not there).
    init(_ status: ExitStatus, name: String?, _ detail: String) {
        self.status = status
        self.name = name
        self.detail = detail
    }

    /// A connection to the bus that could not be made: the daemon is unreachable, whatever
    /// libdbus called the reason.
    static func unreachable(_ error: DBusError) -> CommandFailure {
        CommandFailure(status: .unreachable, error)
    }

    /// `name: message` as busctl and gdbus print D-Bus errors, else the detail alone; an
    /// unreachable daemon says so first, so nobody mistakes it for a problem with a tab. One
    /// line: the daemon's message names the value it refuses (ERR-2), control characters and
    /// all, so they are escaped.
    var message: String {
        let text = TerminalText.escaped(name.map { "\($0): \(detail)" } ?? detail)
        return status == .unreachable ? "the tab bar daemon is not reachable (\(text))" : text
    }

    /// The errors meaning "nobody serves the name" or "there is no bus to ask".
    private static let unreachableNames: Set<String> = [
        DBusError.Names.serviceUnknown, DBusError.Names.nameHasNoOwner, DBusError.Names.disconnected,
        "org.freedesktop.DBus.Error.NoServer", "org.freedesktop.DBus.Error.NoNetwork",
        "org.freedesktop.DBus.Error.FileNotFound", "org.freedesktop.DBus.Error.BadAddress",
    ]

    private static let noSuchTabNames: Set<String> = [
        BusErrorName.noSuchTab.busName, BusErrorName.indexOutOfRange.busName,
        BusErrorName.noSuchBar.busName, BusErrorName.noSuchItem.busName,
    ]

    private static func status(of name: String) -> ExitStatus {
        if unreachableNames.contains(name) { return .unreachable }
        if noSuchTabNames.contains(name) { return .noSuchTab }
        return .otherError
    }
}
