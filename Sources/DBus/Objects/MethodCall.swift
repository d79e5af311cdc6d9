import CDBus
import Glibc

/// One incoming method call as a handler sees it, valid while the handler runs. Reading the
/// arguments and replying go straight through the libdbus message: no copy of the body.
public struct MethodCall {
    /// The libdbus message, alive for the handler's duration.
    let raw: OpaquePointer
    /// The connection the call came in on.
    public unowned let connection: Connection

    init(raw: OpaquePointer, connection: Connection) {
        self.raw = raw
        self.connection = connection
    }

    /// The caller's unique bus name (`:1.42`); empty on a peer-to-peer connection.
    public var sender: String { dbus_message_get_sender(raw).map { String(cString: $0) } ?? "" }
    /// The object path called.
    public var path: ObjectPath { ObjectPath(trusted: dbus_message_get_path(raw).map { String(cString: $0) } ?? "/") }
    /// The interface named by the caller, if any (callers may leave it out).
    public var interface: String? { dbus_message_get_interface(raw).map { String(cString: $0) } }
    /// The method name.
    public var member: String { dbus_message_get_member(raw).map { String(cString: $0) } ?? "" }
    /// The body's signature.
    public var signature: String { dbus_message_get_signature(raw).map { String(cString: $0) } ?? "" }
    /// True when the caller asked for no reply (the reply is then dropped).
    public var noReplyExpected: Bool { dbus_message_get_no_reply(raw) != 0 }

    /// The longest string argument a call may carry: 64 KiB, far above any value a member
    /// takes (the longest, a path, is 4,096 bytes). Longer is refused unread (`InvalidArgs`),
    /// so a caller's 16 MB argument is never copied into the daemon's memory.
    public static let longestString = 64 << 10

    /// A reader at the first argument, holding strings to `longestString`.
    public func arguments() -> MessageReader {
        MessageReader(message: raw, owner: nil, longestString: Self.longestString)
    }

    /// Reads all arguments as the given types. The method table has already checked the
    /// signature, so this throws only for calls to a method declared with other types.
    public func decode<each T: DBusDecodable>(_ types: repeat (each T).Type) throws(DBusError) -> (repeat each T) {
        var reader = arguments()
        return try reader.readToEnd(repeat each types)
    }

    /// The whole message as a `Message` (one allocation; for handlers that keep it).
    public func message() -> Message { Message(retaining: raw) }

    /// Replies with `values`, after flushing pending `PropertiesChanged` signals so the caller
    /// sees the changes its call caused before the reply.
    @discardableResult
    public func reply<each T: DBusEncodable>(_ values: repeat each T) throws(DBusError) -> Replied {
        var count = 0
        for _ in repeat each values { count += 1 }
        // One argument costs libdbus's iterator one write of the header's signature, less than
        // parsing the whole message (and no copy of a large one, such as `Describe`'s document).
        try connection.sendReply(to: raw, writing: count == 1 ? .throughIterator : .whole) {
            (writer: inout MessageWriter) throws(DBusError) in
            for value in repeat each values {
                try value.encode(to: &writer)
            }
        }
        return Replied()
    }

    /// Replies with arguments written by `body` (for replies built dynamically).
    @discardableResult
    public func reply(writing body: (inout MessageWriter) throws(DBusError) -> Void) throws(DBusError) -> Replied {
        try connection.sendReply(to: raw, body)
        return Replied()
    }

    /// Answers later: `start` gets a `DeferredReply` to keep and answer from the loop thread
    /// (e.g. when a pending call to another peer completes).
    /// If `start` throws, the thrown error is the answer and the `DeferredReply` is disarmed, so
    /// the caller never gets two replies.
    public func deferReply(_ start: (DeferredReply) throws -> Void) rethrows -> Replied {
        let later = DeferredReply(message: raw, connection: connection)
        do {
            try start(later)
        } catch {
            later.disarm()
            throw error
        }
        return Replied()
    }
}

/// A method call to be answered later, from the loop thread. Exactly one of `reply` or `fail`
/// takes effect; later ones are ignored. If it is released unanswered the caller gets
/// `org.freedesktop.DBus.Error.NoReply`, so no caller waits forever. Answering a caller that has
/// left the bus is harmless: the bus drops the reply.
public final class DeferredReply {
    private var message: OpaquePointer?
    private weak var connection: Connection?

    init(message: OpaquePointer, connection: Connection) {
        dbus_message_ref(message)
        self.message = message
        self.connection = connection
    }

    deinit {
        if message != nil { fail(.noReply("the service dropped the call without answering")) }
    }

    /// The caller's unique bus name.
    public var sender: String {
        message.flatMap { dbus_message_get_sender($0) }.map { String(cString: $0) } ?? ""
    }

    /// Sends the reply (after pending `PropertiesChanged`); a second answer is ignored.
    public func reply<each T: DBusEncodable>(_ values: repeat each T) throws(DBusError) {
        guard let message = take() else { return }
        defer { dbus_message_unref(message) }
        guard let connection else { return }
        do {
            try connection.sendReply(to: message) { (writer: inout MessageWriter) throws(DBusError) in
                for value in repeat each values {
                    try value.encode(to: &writer)
                }
            }
        } catch {
            // The caller still gets exactly one answer.
            connection.sendError(error, to: message)
            throw error
        }
    }

    /// Sends `error` as the reply; a second answer is ignored.
    public func fail(_ error: DBusError) {
        guard let message = take() else { return }
        defer { dbus_message_unref(message) }
        connection?.sendError(error, to: message)
    }

    /// Forgets the call without answering (someone else answered it).
    func disarm() {
        if let message = take() { dbus_message_unref(message) }
    }

    private func take() -> OpaquePointer? {
        defer { message = nil }
        return message
    }
}
