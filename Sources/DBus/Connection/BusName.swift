import CDBus

/// How to ask for a well-known name (the `RequestName` flags).
public struct NameRequestFlags: OptionSet, Sendable {
    /// The raw `DBUS_NAME_FLAG_*` bits.
    public let rawValue: UInt32
    /// Wraps raw flag bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Let a later requester with `replaceExisting` take the name.
    public static let allowReplacement = NameRequestFlags(rawValue: UInt32(DBUS_NAME_FLAG_ALLOW_REPLACEMENT))
    /// Take the name from an owner that allowed replacement.
    public static let replaceExisting = NameRequestFlags(rawValue: UInt32(DBUS_NAME_FLAG_REPLACE_EXISTING))
    /// Do not wait in the queue when the name is taken.
    public static let doNotQueue = NameRequestFlags(rawValue: UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE))
    /// Fail at once when someone else owns the name (a second daemon instance must not start).
    public static let failIfTaken: NameRequestFlags = [.doNotQueue]
}

/// What the bus answered to `RequestName`.
public enum NameRequestResult: UInt32, Sendable {
    /// The connection now owns the name.
    case primaryOwner = 1
    /// Someone else owns it; the connection waits in the queue.
    case inQueue = 2
    /// Someone else owns it and the request was not queued.
    case exists = 3
    /// The connection already owned it.
    case alreadyOwner = 4

    /// True when the connection owns the name now.
    public var owns: Bool { self == .primaryOwner || self == .alreadyOwner }
}

/// What the bus answered to `ReleaseName`.
public enum NameReleaseResult: UInt32, Sendable {
    /// The name was released.
    case released = 1
    /// Nobody had the name.
    case nonExistent = 2
    /// Someone else owns it.
    case notOwner = 3
}

extension Connection {
    /// Asks the bus for `name` (a blocking round trip: do it at start-up). Returns what the
    /// bus decided; with `.failIfTaken` a taken name gives `.exists`.
    public func requestName(_ name: String, flags: NameRequestFlags = .failIfTaken) throws(DBusError)
        -> NameRequestResult
    {
        assertOwnThread()
        try Validation.check(name, as: .busName)
        guard !name.hasPrefix(":") else { throw .invalidArgs("cannot request the unique name \(name)") }
        let code = try DBusError.checking { dbus_bus_request_name(raw, name, flags.rawValue, &$0) }
        guard let result = NameRequestResult(rawValue: UInt32(bitPattern: code)) else {
            throw .failed("RequestName(\(name)) answered \(code)")
        }
        return result
    }

    /// Gives `name` back to the bus (a blocking round trip).
    @discardableResult
    public func releaseName(_ name: String) throws(DBusError) -> NameReleaseResult {
        assertOwnThread()
        try Validation.check(name, as: .busName)
        let code = try DBusError.checking { dbus_bus_release_name(raw, name, &$0) }
        guard let result = NameReleaseResult(rawValue: UInt32(bitPattern: code)) else {
            throw .failed("ReleaseName(\(name)) answered \(code)")
        }
        return result
    }

    /// Gives `name` back to the bus without waiting for its answer, then writes what is
    /// queued for at most `limit` (`flush(within:)`): for an owner that stops, whom a bus
    /// no longer reading it must not hold up. Closing the connection gives up its names anyway.
    public func leaveBus(releasing name: String, within limit: Duration) {
        assertOwnThread()
        try? callWithoutReply(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", method: "ReleaseName", name)
        flush(within: limit)
    }
}
