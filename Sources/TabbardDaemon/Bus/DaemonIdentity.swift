/// What tells one run of the daemon from another on the bus: its `Version`, and its
/// `InstanceId` (SYNC-1), drawn at each start, so that a client that sees another one after
/// the name changed hands knows that what it holds describes a daemon that is gone.
struct DaemonIdentity {
    /// The daemon's version, the `Version` property.
    let version: String
    /// 32 lowercase hexadecimal digits, random at each start (the system's random source).
    let instanceId: String

    init(version: String) {
        self.version = version
        var random = SystemRandomNumberGenerator()
        instanceId = Self.hex(random.next()) + Self.hex(random.next())
    }

    /// `value` as 16 lowercase hexadecimal digits, zeros in front.
    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
