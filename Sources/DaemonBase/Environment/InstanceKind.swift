/// Which kind of instance the daemon is: it decides access control, plugin ownership checks
/// and default paths.
public enum InstanceKind: String, Equatable, Sendable {
    /// Serves one user: no access checks beyond the bus's own.
    case session
    /// Serves the machine: mutations only from root and the admin group; plugins must be
    /// owned by root and not writable by others.
    case system
}
