import Glibc

/// Who may change the tab bar (dbus-api.md, "Access").
///
/// On the system instance reading is open to every local user, and every other member, and
/// every property `Set`, is for root and the members of the admin group. Which members only
/// read is said where they are declared (`unprivileged` in the interface tables); the
/// connection asks this policy about every other call. The bus policy file says the same, naming
/// the default group; the daemon checks again from the caller's credentials so that a loose
/// policy file cannot open the bar to everyone, and `AdminGroupAgreement` warns when the file
/// names another group than `admin_group`.
///
/// The daemon's own user is refused too, unless it is root, whatever its groups: the daemon
/// never calls itself, and the processes that share its uid are its plugins' helpers, which
/// must have no more say than a guest (docs/plugins.md, Least privilege). Under the unit that
/// user is `tabbard`, whose own group is the default admin group. On a session instance the
/// bus already limits callers to the same user, so everything is allowed.
public struct AccessPolicy: Sendable {
    /// Whether this is a system instance.
    public let enforced: Bool
    /// The group whose members may change the bar.
    public let adminGroup: String
    /// The daemon's own user id, refused unless it is root.
    public let daemonUID: UInt32
    /// Answers whether a uid belongs to a group; the system's databases unless a test says.
    private let membership: @Sendable (_ uid: UInt32, _ group: String) -> Bool

    /// A policy for an instance; `enforced` is true for the system instance. The daemon's own
    /// user is this process's real user.
    public init(enforced: Bool, adminGroup: String) {
        self.init(enforced: enforced, adminGroup: adminGroup, daemonUID: getuid(), membership: Self.systemMembership)
    }

    /// A policy with a given daemon user (root unless said) and a custom membership test (for
    /// tests).
    init(
        enforced: Bool, adminGroup: String, daemonUID: UInt32 = 0,
        membership: @escaping @Sendable (UInt32, String) -> Bool
    ) {
        self.enforced = enforced
        self.adminGroup = adminGroup
        self.daemonUID = daemonUID
        self.membership = membership
    }

    /// Whether the caller with `uid` may change anything: root, or an admin group member that
    /// is not the daemon's own user.
    public func mayChange(uid: UInt32) -> Bool {
        !enforced || uid == 0 || (uid != daemonUID && membership(uid, adminGroup))
    }

    /// Group membership from the system's user and group databases: the user's primary group
    /// and supplementary groups (`getgrouplist`), however large the entries (`AccountDatabase`).
    @Sendable
    static func systemMembership(uid: UInt32, group: String) -> Bool {
        guard let user = AccountDatabase.user(uid), let target = AccountDatabase.group(named: group) else {
            return false
        }
        if user.gid == target { return true }
        var count: Int32 = 64
        while true {
            var groups = [gid_t](repeating: 0, count: Int(count))
            let previous = count
            if getgrouplist(user.name, user.gid, &groups, &count) >= 0 {
                return groups.prefix(Int(count)).contains(target)
            }
            if count <= previous { return false } // Not a "too small" answer: give up.
        }
    }
}
