/// Callers' Unix user ids, cached per unique name and forgotten when the name leaves the bus
/// (unique names are never reused, so a cached answer cannot go stale while it is kept).
struct CredentialCache {
    var users: [String: UInt32] = [:]
    var departures: SignalSubscription?
    /// The connection uids are asked on, when not this one (`askIdentitiesApart`).
    var lookups: Connection?
    /// Lookups in flight per name, and the names that left meanwhile: their answer, come on
    /// another connection than their departure, may come after it and must not be kept.
    var asking: [String: Int] = [:]
    var leftWhileAsked: Set<String> = []
}

extension Connection {
    /// The cached Unix user id of `uniqueName`, if known.
    public func cachedUnixUser(of uniqueName: String) -> UInt32? { credentials.users[uniqueName] }

    /// The Unix user id of the connection `uniqueName` (`GetConnectionUnixUser`), from the cache
    /// or asked of the bus without blocking; `completion` runs on the loop thread (at once
    /// when cached).
    public func unixUser(of uniqueName: String, completion: @escaping (Result<UInt32, DBusError>) -> Void) {
        assertOwnThread()
        if let cached = credentials.users[uniqueName] {
            completion(.success(cached))
            return
        }
        do {
            try Validation.check(uniqueName, as: .busName)
            try watchDepartures()
            try (credentials.lookups ?? self).callAsync(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "GetConnectionUnixUser", uniqueName
            ) { [weak self] result in
                let left = self?.answered(uniqueName) ?? true
                completion(
                    result.flatMap { reply in
                        Result { () throws(DBusError) -> UInt32 in
                            let user = try reply.decode(UInt32.self)
                            if !left { self?.remember(user, for: uniqueName) }
                            return user
                        }
                    })
            }
            credentials.asking[uniqueName, default: 0] += 1
        } catch {
            completion(.failure(error))
        }
    }

    /// The Unix user id of `uniqueName`, blocking (for clients without a loop).
    public func unixUser(of uniqueName: String, timeout: Duration = defaultTimeout) throws(DBusError) -> UInt32 {
        if let cached = credentials.users[uniqueName] { return cached }
        try Validation.check(uniqueName, as: .busName)
        let reply = try call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", method: "GetConnectionUnixUser", uniqueName, timeout: timeout)
        let user = try reply.decode(UInt32.self)
        // Without a loop no departure would ever be seen, so nothing is cached then.
        if loop != nil {
            try watchDepartures()
            remember(user, for: uniqueName)
        }
        return user
    }

    /// Asks callers' uids on a second connection to the same bus from now on, one that owns no
    /// name and that no caller can send to: the bus's answer no longer queues behind the calls
    /// waiting for this connection (16 MB calls of one user can fill the bus's 127 MiB there),
    /// so an administrator's first call waits for those calls once, not twice. If the second
    /// connection is lost, uids are asked here again. Loop thread, attached; throws when the
    /// second connection cannot be made.
    public func askIdentitiesApart() throws(DBusError) {
        assertOwnThread()
        guard credentials.lookups == nil, let loop else { return }
        let lookups = try Connection(bus, onForeignReply: onForeignReply) { [weak self] in
            self?.credentials.lookups = nil
        }
        lookups.attach(to: loop)
        credentials.lookups = lookups
    }

    /// A lookup of `uniqueName` was answered; returns whether the name left the bus meanwhile.
    private func answered(_ uniqueName: String) -> Bool {
        let remaining = (credentials.asking.removeValue(forKey: uniqueName) ?? 1) - 1
        guard remaining == 0 else {
            credentials.asking[uniqueName] = remaining
            return credentials.leftWhileAsked.contains(uniqueName)
        }
        return credentials.leftWhileAsked.remove(uniqueName) != nil
    }

    private func remember(_ user: UInt32, for uniqueName: String) {
        // Only unique names are cached: a well-known name can change hands.
        guard uniqueName.hasPrefix(":") else { return }
        credentials.users[uniqueName] = user
    }

    /// One subscription to `NameOwnerChanged` drops cache entries of names that left, and
    /// what they had waiting (`CallScheduler`).
    func watchDepartures() throws(DBusError) {
        guard credentials.departures == nil else { return }
        let rule = MatchRule(
            sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: "NameOwnerChanged")
        credentials.departures = try subscribe(rule) { [weak self] message in
            guard let (name, _, newOwner) = try? message.decode(String.self, String.self, String.self),
                newOwner.isEmpty, name.hasPrefix(":")
            else { return }
            self?.credentials.users[name] = nil
            if self?.credentials.asking[name] != nil { self?.credentials.leftWhileAsked.insert(name) }
            self?.callerLeft(name)
        }
    }
}
