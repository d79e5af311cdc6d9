import CDBus

/// Calls held back while their sender's Unix user id is being looked up.
struct CallerAuthorization {
    /// Decides whether a caller may call privileged members; nil lets every call through.
    var authorizer: ((_ uid: UInt32) -> Bool)?
    /// Per sender, the calls that arrived while its user id was unknown, in arrival order.
    var held: [String: [OpaquePointer]] = [:]
}

extension Connection {
    /// Decides, from the caller's Unix user id, whether the caller may call the members not
    /// marked `unprivileged` (as sd-bus asks for privilege only outside
    /// `SD_BUS_VTABLE_UNPRIVILEGED` members); a refused call is answered
    /// `org.freedesktop.DBus.Error.AccessDenied` without reaching its handler. The standard
    /// interfaces mark what only reads (`Properties.Get` and `GetAll`, `Introspect`, `Peer`,
    /// `GetManagedObjects`), so `Properties.Set` is asked. A call that names no interface is
    /// judged by the member it would reach (the first of the object's interfaces that has it),
    /// so that leaving the interface out neither opens nor closes a member; a call that
    /// reaches nothing is asked.
    ///
    /// The first call from a sender waits, without blocking the loop, while its user id is
    /// asked of the bus (`GetConnectionUnixUser`, then cached until the sender leaves); later
    /// calls from that sender queue behind it, so each sender's calls still run in order.
    /// Loop thread only; nil (the default) lets every call through.
    public var authorizer: ((_ uid: UInt32) -> Bool)? {
        get { authorization.authorizer }
        set {
            assertOwnThread()
            authorization.authorizer = newValue
        }
    }

    /// Dispatches an incoming method call, through the authorizer when there is one.
    func dispatchAuthorized(_ message: OpaquePointer) {
        guard authorization.authorizer != nil, let sender = dbus_message_get_sender(message).map({ String(cString: $0) }) else {
            objects.dispatch(message)
            return
        }
        if authorization.held[sender] != nil {
            dbus_message_ref(message)
            authorization.held[sender]!.append(message)
            return
        }
        if let uid = cachedUnixUser(of: sender) {
            dispatch(message, as: uid)
            return
        }
        dbus_message_ref(message)
        authorization.held[sender] = [message]
        unixUser(of: sender) { [weak self] result in
            self?.release(heldFrom: sender, result)
        }
    }

    private func release(heldFrom sender: String, _ result: Result<UInt32, DBusError>) {
        let messages = authorization.held.removeValue(forKey: sender) ?? []
        for message in messages {
            switch result {
            case .success(let uid): dispatch(message, as: uid)
            case .failure(let error): sendError(.accessDenied("the caller's identity is unknown: \(error.message)"), to: message)
            }
            dbus_message_unref(message)
        }
    }

    private func dispatch(_ message: OpaquePointer, as uid: UInt32) {
        guard let path = dbus_message_get_path(message), let member = dbus_message_get_member(message) else { return }
        let interface = dbus_message_get_interface(message)
        if objects.reachesUnprivileged(path: path, interface: interface, member: member)
            || authorization.authorizer?(uid) ?? true {
            objects.dispatch(message)
        } else {
            let name = (interface.map { String(cString: $0) + "." } ?? "") + String(cString: member)
            sendError(.accessDenied("uid \(uid) may not call \(DBusError.quoted(name))"), to: message)
        }
    }
}
