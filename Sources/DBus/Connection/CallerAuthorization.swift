import CDBus

/// Who may call the members not marked `unprivileged`.
struct CallerAuthorization {
    /// Decides whether a caller may call privileged members; nil lets every call through.
    var authorizer: ((_ uid: UInt32) -> Bool)?
    /// Decides whether a caller's calls go first (`Connection.prioritizer`).
    var prioritizer: ((_ uid: UInt32) -> Bool)?
}

extension Connection {
    /// Decides, from the caller's Unix user id, whether the caller may call the members not
    /// marked `unprivileged` (as sd-bus asks for privilege only outside
    /// `SD_BUS_VTABLE_UNPRIVILEGED` members); a refused call is answered
    /// `org.freedesktop.DBus.Error.AccessDenied` without reaching its handler. The standard
    /// interfaces mark what only reads (`Properties.Get` and `GetAll`, `Introspect`, `Peer`,
    /// `GetManagedObjects`), so `Properties.Set` is asked, unless the property it writes
    /// opens its `Set` to all (`Property.unprivilegedSetter`). A call that names no interface is
    /// judged by the member it would reach (the first of the object's interfaces that has it),
    /// so that leaving the interface out neither opens nor closes a member; a call that
    /// reaches nothing is asked.
    ///
    /// The first call from a sender waits, without blocking the loop, while its user id is
    /// asked of the bus (`GetConnectionUnixUser`, then cached until the sender leaves); later
    /// calls from that sender queue behind it, so each sender's calls still run in order
    /// (within the sender's share: `CallScheduler`). The authorizer's verdict also decides
    /// the sender's turn: once allowed a privileged member, a sender is served first. Loop
    /// thread only; nil (the default) lets every call through.
    public var authorizer: ((_ uid: UInt32) -> Bool)? {
        get { authorization.authorizer }
        set {
            assertOwnThread()
            authorization.authorizer = newValue
            reidentifyCallers()
        }
    }

    /// Decides, from a caller's Unix user id, whether its calls are served before those of
    /// the others and free of the shares of unread replies (`CallScheduler`): asked once per
    /// caller, when its user id is known, so that an administrator's first call already goes
    /// first. Nil (the default): a caller goes first once the authorizer has allowed it a
    /// privileged member. Loop thread only.
    public var prioritizer: ((_ uid: UInt32) -> Bool)? {
        get { authorization.prioritizer }
        set {
            assertOwnThread()
            authorization.prioritizer = newValue
            reidentifyCallers()
        }
    }

    /// Dispatches a call from a sender whose user id is `uid`, through the authorizer.
    func dispatch(_ message: OpaquePointer, as uid: UInt32) {
        guard let path = dbus_message_get_path(message), let member = dbus_message_get_member(message) else { return }
        let interface = dbus_message_get_interface(message)
        if objects.reachesUnprivileged(path: path, interface: interface, member: member)
            || objects.setsUnprivilegedProperty(message, path: path, interface: interface, member: member)
        {
            objects.dispatch(message)
            return
        }
        let allowed = authorization.authorizer?(uid) ?? true
        // Without a prioritizer, the verdict gives the caller its turn from now on.
        if authorization.prioritizer == nil, let caller = scheduler.serving { rank(caller, privileged: allowed) }
        if allowed {
            objects.dispatch(message)
        } else {
            let name = (interface.map { String(cString: $0) + "." } ?? "") + String(cString: member)
            sendError(.accessDenied("uid \(uid) may not call \(DBusError.quoted(name))"), to: message)
        }
    }
}
