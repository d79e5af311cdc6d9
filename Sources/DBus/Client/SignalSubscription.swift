import CDBus

/// The signal handlers of a connection, each with its match rule.
struct SignalRoutes {
    struct Route {
        let id: Int
        let rule: MatchRule
        let handler: (Message) -> Void
    }

    private var routes: [Route] = []
    private var nextID = 1

    mutating func add(_ rule: MatchRule, _ handler: @escaping (Message) -> Void) -> Int {
        defer { nextID += 1 }
        routes.append(Route(id: nextID, rule: rule, handler: handler))
        return nextID
    }

    mutating func remove(_ id: Int) { routes.removeAll { $0.id == id } }

    /// Calls every handler whose rule matches; handlers may add or remove routes meanwhile.
    func deliver(_ raw: OpaquePointer, on connection: Connection) {
        var message: Message?
        for route in routes where route.rule.matches(raw) {
            // A handler cancelled by an earlier one in this loop must not run.
            guard connection.routes.contains(route.id) else { continue }
            let shared = message ?? Message(retaining: raw)
            message = shared
            route.handler(shared)
        }
    }

    func contains(_ id: Int) -> Bool { routes.contains { $0.id == id } }
}

/// A live signal subscription: the bus match and the local handler. Cancelled explicitly or
/// when released, so keep it as long as the signals are wanted. Loop thread only.
public final class SignalSubscription {
    private weak var connection: Connection?
    private let id: Int
    private let rule: MatchRule

    init(connection: Connection, id: Int, rule: MatchRule) {
        self.connection = connection
        self.id = id
        self.rule = rule
    }

    deinit { cancel() }

    /// Removes the handler and the bus match.
    public func cancel() {
        guard let connection else { return }
        connection.assertOwnThread()
        self.connection = nil
        connection.routes.remove(id)
        if connection.isConnected {
            // Without an error pointer libdbus sends RemoveMatch without waiting for the answer.
            dbus_bus_remove_match(connection.raw, rule.text, nil)
        }
    }
}

extension Connection {
    /// Calls `handler` on the loop thread for every signal matching `rule`. The match is added
    /// to the bus without waiting for its answer, so this never blocks.
    public func subscribe(_ rule: MatchRule, _ handler: @escaping (Message) -> Void) throws(DBusError)
        -> SignalSubscription
    {
        assertOwnThread()
        try rule.validate()
        guard isConnected else { throw .disconnected() }
        dbus_bus_add_match(raw, rule.text, nil)
        let id = routes.add(rule, handler)
        return SignalSubscription(connection: self, id: id, rule: rule)
    }

    /// Calls `handler` with the new owner of `name` whenever it changes (`NameOwnerChanged`);
    /// nil means the name left the bus. For a unique name (`:1.42`) that is "the peer is gone".
    public func watchNameOwner(_ name: String, _ handler: @escaping (String?) -> Void) throws(DBusError)
        -> SignalSubscription
    {
        try Validation.check(name, as: .busName)
        let rule = MatchRule(
            sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: "NameOwnerChanged", arg0: name)
        return try subscribe(rule) { message in
            guard let (_, _, newOwner) = try? message.decode(String.self, String.self, String.self) else { return }
            handler(newOwner.isEmpty ? nil : newOwner)
        }
    }

    /// Asks the bus who owns `name` now (blocking); nil when nobody does.
    public func owner(of name: String, timeout: Duration = defaultTimeout) throws(DBusError) -> String? {
        try Validation.check(name, as: .busName)
        do {
            let reply = try call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", method: "GetNameOwner", name, timeout: timeout)
            return try reply.decode(String.self)
        } catch  where error.name == DBusError.Names.nameHasNoOwner {
            return nil
        }
    }
}
