import Foundation

/// A private `dbus-daemon` for one test (or one suite): its own socket in a temporary
/// directory, never the machine's buses. Stopped and cleaned up on `deinit`.
///
/// The pattern later integration tests copy: make one, pass `address` to everything under test
/// (`--address`), let it go at the end.
public final class PrivateBus: @unchecked Sendable {
    /// The bus address, `unix:path=…/bus`.
    public let address: String
    private let directory: URL
    private let daemon: pid_t

    /// The open policy of a test bus: everyone may own any name and call anything.
    public static let openPolicy = """
        <policy context="default">
          <allow send_destination="*" eavesdrop="true"/>
          <allow eavesdrop="true"/>
          <allow own="*"/>
        </policy>
        """

    /// The open policy for a bus every local user may connect to (a system bus's default lets
    /// only the same user in): what the access and forged-reply tests run on.
    public static let openPolicyForEveryUser = """
        <policy context="default">
          <allow user="*"/>
          <allow send_destination="*" eavesdrop="true"/>
          <allow eavesdrop="true"/>
          <allow own="*"/>
        </policy>
        """

    /// A session bus with the open policy.
    public convenience init() throws {
        try self.init(type: "session", policy: Self.openPolicy)
    }

    /// A bus of `type` (`session` or `system`) whose configuration holds `policy`: `<policy>`
    /// and `<include>` elements, written into the configuration as they are.
    public init(type: String, policy: String) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("dbus-test-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("bus").path
        address = "unix:path=\(socket)"
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>\(type)</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
            \(policy)
            </busconfig>
            """
        let configFile = directory.appendingPathComponent("bus.conf")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        daemon = try spawn(["/usr/bin/dbus-daemon", "--config-file=\(configFile.path)", "--nofork", "--nopidfile"])
        // The socket file appears when the daemon binds it, a moment before it listens: wait
        // until a connection is accepted, or a loaded machine's first client is refused.
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(socket) {
            guard Date() < deadline else {
                kill(daemon, SIGKILL)
                waitpid(daemon, nil, 0)
                throw TestFailure("dbus-daemon did not start")
            }
            usleep(10_000)
        }
    }

    /// True when something listens on the Unix socket at `path`.
    private static func accepts(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(MemoryLayout.size(ofValue: address.sun_path) - 1))
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private let stopLock = NSLock()
    private var stopped = false

    /// Kills the bus daemon now (every connection to it drops); `deinit` does it otherwise.
    public func stop() {
        stopLock.withLock {
            guard !stopped else { return }
            stopped = true
            kill(daemon, SIGKILL)
            waitpid(daemon, nil, 0)
        }
    }
}

/// A failure in test set-up, with a message.
public struct TestFailure: Error, CustomStringConvertible {
    /// What failed.
    public let description: String
    /// A failure saying `description`.
    public init(_ description: String) { self.description = description }
}

/// Starts a program (the first argument is its path) with the test's environment; standard
/// output and error go to /dev/null. Returns its pid; the caller reaps it.
public func spawn(_ arguments: [String]) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dbus-daemon's warnings (it cannot raise its fd limit unprivileged) are noise here.
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
    guard status == 0 else { throw TestFailure("cannot start \(arguments[0]): \(String(cString: strerror(status)))") }
    return pid
}
