import DaemonBase
import Glibc

/// What one bus policy file (a `.conf` of dbus-daemon's `system.d` directories) lets callers
/// send to the daemon beyond reading: the groups and users whose `<policy>` has an
/// `<allow send_destination="org.tabbard.TabBar1"/>` that no interface, member, path or
/// message type narrows, and whether the default context has one (everyone may then call
/// everything). Reading allows narrow their `allow` to members, so they do not count.
struct BusPolicyFile: Equatable, Sendable {
    /// Where the file is.
    let path: String
    /// Whether any `allow`, `deny` or `own` rule in it names the daemon's bus name: the files
    /// that speak of the daemon.
    let speaksOfService: Bool
    /// The groups allowed every call, in the file's order.
    let groups: [String]
    /// The users allowed every call, in the file's order.
    let users: [String]
    /// Whether the default context allows every call to everyone.
    let everyone: Bool

    /// The most a policy file may hold; the bus's own are a few kilobytes.
    static let sizeLimit = 1 << 20

    /// The attributes of an `allow` that narrow it to some messages only.
    private static let narrowing = ["send_interface", "send_member", "send_path", "send_error", "send_broadcast"]

    /// Reads the file at `path` for `service`; nil when it does not exist. A file that does
    /// not scan throws only when it names `service`: another service's file is the bus's
    /// business, not the daemon's.
    static func read(_ path: String, service: String) throws(BusPolicyError) -> BusPolicyFile? {
        let bytes: [UInt8]
        do {
            guard let read = try FileIO.read(path, limit: sizeLimit) else { return nil }
            bytes = read
        } catch {
            throw .unreadable(error)
        }
        do {
            return try BusPolicyFile(path: path, bytes: bytes, service: service)
        } catch  where !XMLTagScanner.contains(bytes, service) {
            return nil
        }
    }

    /// The file at `path` whose content is `bytes`, read for `service`.
    init(path: String, bytes: [UInt8], service: String) throws(BusPolicyError) {
        self.path = path
        var speaks = false
        var groups: [String] = []
        var users: [String] = []
        var everyone = false
        // The open elements, innermost last, and the <policy> the rules are in.
        var open: [XMLTag] = []
        var policy: XMLTag?
        for tag in try XMLTagScanner.tags(in: bytes) {
            switch tag.form {
            case .closing:
                guard let innermost = open.popLast(), innermost.name == tag.name else {
                    throw .malformed(line: tag.line, "</\(tag.name)> closes no <\(tag.name)>")
                }
                if innermost.name == "policy" { policy = nil }
            case .opening, .empty:
                if tag.name == "policy" {
                    guard policy == nil else { throw .malformed(line: tag.line, "a <policy> inside a <policy>") }
                    if tag.form == .opening { policy = tag }
                } else if ["allow", "deny"].contains(tag.name) {
                    let names = [
                        tag.attributes["send_destination"], tag.attributes["own"], tag.attributes["receive_sender"],
                    ]
                    speaks = speaks || names.contains(service)
                    if tag.name == "allow", let policy, Self.allowsEveryCall(tag, to: service) {
                        if let group = policy.attributes["group"], !groups.contains(group) { groups.append(group) }
                        if let user = policy.attributes["user"], !users.contains(user) { users.append(user) }
                        if policy.attributes["context"] == "default" { everyone = true }
                    }
                }
                if tag.form == .opening { open.append(tag) }
            }
        }
        if let unclosed = open.last { throw .malformed(line: unclosed.line, "<\(unclosed.name)> is never closed") }
        speaksOfService = speaks
        self.groups = groups
        self.users = users
        self.everyone = everyone
    }

    /// Whether `allow` lets every method call reach `service`.
    private static func allowsEveryCall(_ allow: XMLTag, to service: String) -> Bool {
        guard let destination = allow.attributes["send_destination"], destination == service || destination == "*"
        else { return false }
        if let type = allow.attributes["send_type"], type != "method_call", type != "*" { return false }
        return !narrowing.contains { allow.attributes[$0] != nil }
    }

    /// Whether the members of `group` may call everything by this file: it names the group,
    /// every group (`*`), or lets everyone.
    func allows(group: String) -> Bool {
        everyone || groups.contains(group) || groups.contains("*")
    }

    /// The `.conf` files of `directory` in name order, as dbus-daemon's `<includedir>` reads
    /// them; empty when the directory does not exist, nil when it cannot be listed.
    static func files(in directory: String) -> [String]? {
        guard let stream = opendir(directory) else { return errno == ENOENT ? [] : nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".conf"), !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted().map { directory + "/" + $0 }
    }
}
