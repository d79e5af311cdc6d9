import Foundation

/// What the system unit (`systemd/tabbard.service.in`) sets about how the daemon runs, for
/// tests that start the daemon as the unit would.
public enum SystemUnit {
    /// The unit file in the package.
    public static let path = PackagePaths.root.appendingPathComponent("systemd/tabbard.service.in").path

    /// The unit's `Nice=`, 0 when it sets none.
    public static func niceness() throws -> Int32 {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let settings = text.split(separator: "\n").filter { $0.hasPrefix("Nice=") }
        guard let last = settings.last else { return 0 }
        guard let value = Int32(last.dropFirst("Nice=".count)) else {
            throw TestFailure("\(path): \(last) is not a niceness")
        }
        return value
    }

    /// A `DaemonProcess` launcher that starts the daemon at the unit's niceness, relative to the
    /// test's own (as systemd sets it relative to 0); empty when the unit sets none.
    public static func launcher() throws -> [String] {
        let niceness = try niceness()
        return niceness == 0 ? [] : ["/usr/bin/nice", "-n", String(niceness), "--"]
    }

    /// The niceness of process `pid` (`/proc/PID/stat`, field 19).
    public static func niceness(of pid: Int32) throws -> Int32 {
        guard let niceness = ProcessStat(pid: pid)?.niceness else { throw TestFailure("/proc/\(pid)/stat: unreadable") }
        return niceness
    }
}
