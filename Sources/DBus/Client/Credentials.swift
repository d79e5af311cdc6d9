/// Callers' Unix user ids, cached per unique name and forgotten when the name leaves the bus
/// (unique names are never reused, so a cached answer cannot go stale while it is kept).
struct CredentialCache {
    var users: [String: UInt32] = [:]
    var departures: SignalSubscription?
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
            try callAsync(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                          interface: "org.freedesktop.DBus", method: "GetConnectionUnixUser", uniqueName) { [weak self] result in
                completion(result.flatMap { reply in
                    Result { () throws(DBusError) -> UInt32 in
                        let user = try reply.decode(UInt32.self)
                        self?.remember(user, for: uniqueName)
                        return user
                    }
                })
            }
        } catch {
            completion(.failure(error))
        }
    }

    /// The Unix user id of `uniqueName`, blocking (for clients without a loop).
    public func unixUser(of uniqueName: String, timeout: Duration = defaultTimeout) throws(DBusError) -> UInt32 {
        if let cached = credentials.users[uniqueName] { return cached }
        try Validation.check(uniqueName, as: .busName)
        let reply = try call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                             interface: "org.freedesktop.DBus", method: "GetConnectionUnixUser", uniqueName, timeout: timeout)
        let user = try reply.decode(UInt32.self)
        // Without a loop no departure would ever be seen, so nothing is cached then.
        if loop != nil {
            try watchDepartures()
            remember(user, for: uniqueName)
        }
        return user
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
        let rule = MatchRule(sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                             interface: "org.freedesktop.DBus", member: "NameOwnerChanged")
        credentials.departures = try subscribe(rule) { [weak self] message in
            guard let (name, _, newOwner) = try? message.decode(String.self, String.self, String.self),
                  newOwner.isEmpty, name.hasPrefix(":") else { return }
            self?.credentials.users[name] = nil
            self?.callerLeft(name)
        }
    }
}
