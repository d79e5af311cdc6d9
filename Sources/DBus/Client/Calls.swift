import CDBus
import Loop

extension Connection {
    /// The timeout libdbus uses when none is given (25 s).
    public static let defaultTimeout: Duration = .seconds(25)

    /// Calls a method and blocks until the reply, an error reply or the timeout (`NoReply`).
    /// For command-line clients; on the loop thread use `callAsync`, which never blocks.
    public func call(_ message: Message, timeout: Duration = defaultTimeout) throws(DBusError) -> Message {
        assertOwnThread()
        guard isConnected else { throw .disconnected() }
        let milliseconds = Self.milliseconds(timeout)
        let reply = try DBusError.checking {
            dbus_connection_send_with_reply_and_block(raw, message.raw, milliseconds, &$0)
        }
        guard let reply else { throw .noReply("no reply from \(message.destination ?? "the peer")") }
        return Message(taking: reply)
    }

    /// Calls `method` with `arguments` and blocks for the reply (see `call(_:timeout:)`).
    public func call<each T: DBusEncodable>(
        destination: String, path: String, interface: String, method: String,
        _ arguments: repeat each T, timeout: Duration = defaultTimeout
    ) throws(DBusError) -> Message {
        let message = try Message.methodCall(destination: destination, path: path, interface: interface, method: method)
        var writer = message.writer()
        for argument in repeat each arguments {
            try argument.encode(to: &writer)
        }
        return try call(message, timeout: timeout)
    }

    /// Sends a method call and returns at once; `completion` runs on the loop thread with the
    /// reply, or with an error reply, `NoReply` after `timeout`, or `Disconnected`. Cancel the
    /// returned handle to drop the completion. Needs an attached loop.
    ///
    /// Only the connection the call was sent to answers it, when that is the bus or a unique
    /// name: a reply from anyone else is dropped (`ExpectedReplies`). A call to a well-known
    /// name takes its owner's reply, whoever that is when it answers.
    @discardableResult
    public func callAsync(
        _ message: Message, timeout: Duration = defaultTimeout,
        completion: @escaping (Result<Message, DBusError>) -> Void
    ) throws(DBusError) -> PendingCall {
        precondition(loop != nil, "callAsync needs a connection attached to an EventLoop")
        assertOwnThread()
        guard isConnected else { throw .disconnected() }
        var pending: OpaquePointer?
        guard dbus_connection_send_with_reply(raw, message.raw, &pending, Self.milliseconds(timeout)) != 0 else {
            throw .noMemory()
        }
        // libdbus gives no pending call when the connection is already closed.
        guard let pending else { throw .disconnected() }
        let serial = dbus_message_get_serial(message.raw)
        guard let answerer = Self.answerer(forCallTo: message.destination) else {
            return PendingCall(pending, completion: completion)
        }
        expectedReplies.bySerial[serial] = .init(answerer: answerer, member: message.member ?? "")
        return PendingCall(pending, completion: completion) { [weak self] in
            self?.expectedReplies.bySerial[serial] = nil
        }
    }

    /// Calls `method` asynchronously (see `callAsync(_:timeout:completion:)`).
    @discardableResult
    public func callAsync<each T: DBusEncodable>(
        destination: String, path: String, interface: String, method: String,
        _ arguments: repeat each T, timeout: Duration = defaultTimeout,
        completion: @escaping (Result<Message, DBusError>) -> Void
    ) throws(DBusError) -> PendingCall {
        let message = try Message.methodCall(destination: destination, path: path, interface: interface, method: method)
        var writer = message.writer()
        for argument in repeat each arguments {
            try argument.encode(to: &writer)
        }
        return try callAsync(message, timeout: timeout, completion: completion)
    }

    /// Sends a method call that expects no reply (e.g. a `Release` notice).
    public func callWithoutReply<each T: DBusEncodable>(
        destination: String, path: String, interface: String, method: String, _ arguments: repeat each T
    ) throws(DBusError) {
        let message = try Message.methodCall(destination: destination, path: path, interface: interface, method: method)
        message.noReplyExpected = true
        var writer = message.writer()
        for argument in repeat each arguments {
            try argument.encode(to: &writer)
        }
        try send(message)
    }

    /// A timeout as libdbus takes it: whole milliseconds, within `Int32`.
    static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: max(0, duration.milliseconds))
    }
}

/// A method call in flight. Its completion runs once, on the loop thread, unless cancelled.
public final class PendingCall {
    private final class Completion {
        var body: ((Result<Message, DBusError>) -> Void)?
        init(_ body: @escaping (Result<Message, DBusError>) -> Void) { self.body = body }
    }

    private let raw: OpaquePointer
    private let completion: Completion
    /// Runs once the call is over, answered or cancelled.
    private let ended: () -> Void

    /// `ended` runs once, when the call is answered (before `completion`) or cancelled.
    init(
        _ raw: OpaquePointer, completion: @escaping (Result<Message, DBusError>) -> Void,
        ended: @escaping () -> Void = {}
    ) {
        self.raw = raw
        self.ended = ended
        self.completion = Completion { result in
            ended()
            completion(result)
        }
        let box = Unmanaged.passRetained(self.completion).toOpaque()
        dbus_pending_call_set_notify(
            raw,
            { pending, data in
                let completion = Unmanaged<Completion>.fromOpaque(data!).takeUnretainedValue()
                guard let body = completion.body, let reply = dbus_pending_call_steal_reply(pending) else { return }
                completion.body = nil
                let message = Message(taking: reply)
                if message.kind == .error {
                    body(.failure(message.error ?? .failed("error reply")))
                } else {
                    body(.success(message))
                }
            }, box,
            { data in
                Unmanaged<Completion>.fromOpaque(data!).release()
            })
    }

    deinit { dbus_pending_call_unref(raw) }

    /// Drops the call: the completion will not run. A reply that still arrives is discarded.
    public func cancel() {
        guard completion.body != nil else { return }
        completion.body = nil
        ended()
        dbus_pending_call_cancel(raw)
    }
}
