import CDBus

/// Who may answer each call this connection made asynchronously and still waits for.
///
/// libdbus completes a pending call with the first reply that carries its serial, whoever sent
/// it, and a bus whose policy forwards unrequested replies (a session bus's `eavesdrop` rules,
/// the open policy of tests) lets any connection send one: serials count up, so they are easy
/// to guess. So before libdbus dispatches a reply to such a call, the connection checks its
/// sender: the connection the call was sent to, or the bus itself (which answers for a
/// destination that is gone); libdbus's own answers (a timeout, a lost connection) carry no
/// sender. Anything else is dropped unread and reported (`Connection.onForeignReply`).
struct ExpectedReplies {
    /// One call waiting for its reply.
    struct Expectation {
        /// The only connection besides the bus whose reply is believed.
        var answerer: String
        /// The method called, for the report.
        var member: String
    }

    /// By the serial of the call.
    var bySerial: [UInt32: Expectation] = [:]
}

/// A reply dropped because it came from a connection the call was not sent to.
public struct ForeignReply: Sendable, Equatable, CustomStringConvertible {
    /// The method the reply claimed to answer.
    public var member: String
    /// The unique name that sent it.
    public var sender: String
    /// The connection the call was sent to.
    public var answerer: String

    /// One line for the log.
    public var description: String {
        "ignored a reply to \(member) from \(sender): only \(answerer) (or the bus) answers it"
    }
}

extension Connection {
    /// The bus driver's name: its replies carry it as their sender.
    static let busDriver = "org.freedesktop.DBus"

    /// The connection whose reply to a call sent to `destination` is believed: the bus for
    /// the bus driver, the unique name for a unique name; nil for a well-known name, whose
    /// owner may change while the call waits (whoever owns it then answers).
    static func answerer(forCallTo destination: String?) -> String? {
        guard let destination, destination == busDriver || destination.hasPrefix(":") else { return nil }
        return destination
    }

    /// Drops replies from anyone but the connection asked from the head of the incoming queue,
    /// so that the next dispatch never hands one to libdbus's pending call. Loop thread only.
    func dropForeignReplies() {
        while let message = dbus_connection_borrow_message(raw) {
            guard let foreign = foreignReply(message) else {
                dbus_connection_return_message(raw, message)
                return
            }
            dbus_connection_steal_borrowed_message(raw, message)
            dbus_message_unref(message)
            onForeignReply?(foreign)
        }
    }

    /// What is wrong with `message`, when it is a reply to an expected call from someone else.
    private func foreignReply(_ message: OpaquePointer) -> ForeignReply? {
        let kind = dbus_message_get_type(message)
        guard kind == DBUS_MESSAGE_TYPE_METHOD_RETURN || kind == DBUS_MESSAGE_TYPE_ERROR,
            let expected = expectedReplies.bySerial[dbus_message_get_reply_serial(message)],
            let sender = dbus_message_get_sender(message).map({ String(cString: $0) }), // None: libdbus's own.
            sender != expected.answerer, sender != Self.busDriver
        else { return nil }
        return ForeignReply(member: expected.member, sender: sender, answerer: expected.answerer)
    }
}
