import Foundation

/// The accounts tests run clients as (access, forged replies): a user outside the admin group
/// and one inside it. Created on first use (root only), left in place for later runs.
public enum TestUsers {
    /// A user who may only read.
    public static let guest = "tabbard-it-guest"
    /// A member of the admin group.
    public static let admin = "tabbard-it-admin"
    /// The admin group: the default `admin_group`.
    public static let adminGroup = "tabbard"
    /// The daemon's user under the system unit, whose primary group is the admin group: the
    /// user the policy file lets own the daemon's name (`ensureDaemonUser`).
    public static let daemonUser = "tabbard"
    /// A group that is not the default admin group, for a changed `admin_group`.
    public static let otherGroup = "tabbard-it-ops"
    /// A member of `otherGroup` only.
    public static let otherMember = "tabbard-it-operator"

    /// Whether the tests can create accounts and run programs as them.
    public static var available: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/useradd")
            && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")
    }

    /// Creates the group and both users when missing.
    public static func ensure() throws {
        if try !exists(["/usr/bin/getent", "group", adminGroup]) {
            try run(["/usr/sbin/groupadd", "--system", adminGroup])
        }
        if try !exists(["/usr/bin/id", guest]) {
            try run(["/usr/sbin/useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", guest])
        }
        if try !exists(["/usr/bin/id", admin]) {
            try run([
                "/usr/sbin/useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                "--groups", adminGroup, admin,
            ])
        } else if !(try runCommand(["/usr/bin/id", "-nG", admin]).output.split(separator: " ").contains {
            $0.trimmingCharacters(in: .whitespacesAndNewlines) == adminGroup
        }) {
            try run(["/usr/sbin/usermod", "--append", "--groups", adminGroup, admin])
        }
    }

    /// Creates `otherGroup` and its member `otherMember` when missing.
    public static func ensureOtherGroup() throws {
        if try !exists(["/usr/bin/getent", "group", otherGroup]) {
            try run(["/usr/sbin/groupadd", "--system", otherGroup])
        }
        if try !exists(["/usr/bin/id", otherMember]) {
            try run([
                "/usr/sbin/useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                "--groups", otherGroup, otherMember,
            ])
        }
    }

    /// Creates the daemon's user as the package does (a system user whose primary group is
    /// the admin group) when missing, after `ensure`.
    public static func ensureDaemonUser() throws {
        try ensure()
        if try !exists(["/usr/bin/id", daemonUser]) {
            try run([
                "/usr/sbin/useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                "--gid", adminGroup, daemonUser,
            ])
        }
    }

    /// The user id of `name`.
    public static func uid(_ name: String) throws -> String {
        try runCommand(["/usr/bin/id", "-u", name]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The command line that runs `arguments` as `user`.
    public static func asUser(_ user: String?, _ arguments: [String]) -> [String] {
        guard let user else { return arguments }
        return ["/usr/sbin/runuser", "-u", user, "--"] + arguments
    }

    private static func exists(_ query: [String]) throws -> Bool {
        try runCommand(query).status == 0
    }

    /// Runs an account tool; retries while another process holds the account databases' lock.
    private static func run(_ arguments: [String]) throws {
        for _ in 0..<20 {
            let result = try runCommand(arguments)
            // 9: the name already exists (another test run made it meanwhile).
            if result.status == 0 || result.status == 9 { return }
            guard result.errors.contains("lock") else {
                throw TestFailure("\(arguments.joined(separator: " ")) failed (\(result.status)): \(result.errors)")
            }
            usleep(250_000)
        }
        throw TestFailure("\(arguments.joined(separator: " ")): the account databases stayed locked")
    }
}
