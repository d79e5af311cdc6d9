import Glibc

/// Tells the service manager how the daemon is doing, by the `sd_notify` protocol.
///
/// The protocol is one datagram of `KEY=VALUE` lines sent to the `AF_UNIX` socket named by
/// `$NOTIFY_SOCKET` (a path, or an abstract name written with a leading `@`). It is spoken
/// directly here rather than through libsystemd so that the daemon links nothing it does not
/// need. When `$NOTIFY_SOCKET` is unset every call is a no-op, so the daemon can always call.
public struct ServiceNotifier: Sendable {
    /// The socket address as given, or nil when no service manager listens.
    public let socketPath: String?
    /// How often to send `WATCHDOG=1`: half of `$WATCHDOG_USEC`, or nil when the watchdog is off
    /// or meant for another process (`$WATCHDOG_PID`).
    public let watchdogInterval: Duration?

    /// A notifier configured from the given environment.
    public init(environment: [String: String]) {
        let path = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        socketPath = path
        watchdogInterval = Self.watchdogInterval(environment)
    }

    /// A notifier configured from the process environment.
    public init() {
        var environment: [String: String] = [:]
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        self.init(environment: environment)
    }

    /// Whether a service manager is listening.
    public var isActive: Bool { socketPath != nil }

    /// Reports that start-up is complete.
    @discardableResult
    public func ready(status: String? = nil) -> Bool {
        send(["READY=1"] + (status.map { ["STATUS=\($0)"] } ?? []))
    }

    /// Reports a one-line human status (`systemctl status` shows it).
    @discardableResult
    public func status(_ text: String) -> Bool { send(["STATUS=\(text)"]) }

    /// Keeps the watchdog from firing.
    @discardableResult
    public func watchdog() -> Bool { send(["WATCHDOG=1"]) }

    /// Reports that the daemon is stopping.
    @discardableResult
    public func stopping() -> Bool { send(["STOPPING=1"]) }

    /// Reports that the daemon is re-reading its configuration.
    @discardableResult
    public func reloading() -> Bool { send(["RELOADING=1"]) }

    /// Sends the assignments as one datagram, without blocking: the loop thread calls it, and
    /// a manager's datagram queue that is full (it stopped reading) must not stall the daemon.
    /// Returns false when nobody listens or the send failed; a failure is never fatal, since
    /// the daemon serves its clients either way.
    @discardableResult
    public func send(_ assignments: [String]) -> Bool {
        guard let socketPath, var address = Self.address(socketPath) else { return false }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var payload = assignments.joined(separator: "\n")
        let length = socklen_t(MemoryLayout<sa_family_t>.size + address.pathLength)
        let sent = payload.withUTF8 { bytes in
            withUnsafePointer(to: &address.storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    // Never wait for a manager that is slow to read: a full queue drops this one.
                    sendto(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT), $0, length)
                }
            }
        }
        return sent >= 0
    }

    // MARK: - Environment

    private static func watchdogInterval(_ environment: [String: String]) -> Duration? {
        guard let text = environment["WATCHDOG_USEC"], let usec = UInt64(text), usec > 0 else { return nil }
        if let pid = environment["WATCHDOG_PID"], let owner = Int32(pid), owner != getpid() { return nil }
        return .microseconds(usec / 2)
    }

    /// A `sockaddr_un` for a path or an `@abstract` name, or nil when it does not fit.
    private static func address(_ path: String) -> (storage: sockaddr_un, pathLength: Int)? {
        var storage = sockaddr_un()
        storage.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 } // An abstract name starts with a NUL byte, not '@'.
        let capacity = MemoryLayout.size(ofValue: storage.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        // A filesystem path is NUL-terminated; an abstract name is exactly its bytes.
        return (storage, abstract ? bytes.count : bytes.count + 1)
    }
}
