import CDBus
import Glibc
import Loop

/// A private connection to a message bus (or a peer address), registered with `Hello`.
///
/// Threading: a connection belongs to one thread. Attached to an `EventLoop`, that is the loop
/// thread, and every method here must be called there (use `loop.post` from other threads);
/// libdbus is never called from another thread. Unattached, it can make blocking calls from
/// the thread that opened it (what a command-line client needs). Debug builds check the rule
/// at every entry point and before every handler runs (`assertOwnThread()`).
public final class Connection: @unchecked Sendable {
    let raw: OpaquePointer
    /// The bus connected to (a second connection to it asks callers' uids: `askIdentitiesApart`).
    let bus: Bus
    /// The loop the connection runs on, once attached.
    public private(set) var loop: EventLoop?
    private var watches: LibdbusWatches?
    private var needsDispatch = false
    /// Set by `stopDispatching`: incoming messages are never handled again.
    private var dispatchStopped = false
    private(set) var objects: ObjectTable!
    var routes = SignalRoutes()
    var credentials = CredentialCache()
    var authorization = CallerAuthorization()
    var scheduler = CallScheduler()
    var expectedReplies = ExpectedReplies()
    var largeMessages = LargeMessageMemory()
    /// The unique name the bus gave this connection (`:1.42`).
    public let uniqueName: String
    /// Called on the loop thread when the connection to the bus is lost: given at `init` by an
    /// owner that has it then, set later by one made from the connection.
    public var onDisconnect: (() -> Void)?
    /// Called on the loop thread with each reply dropped because it came from a connection the
    /// call was not sent to (`ExpectedReplies`).
    let onForeignReply: ((ForeignReply) -> Void)?
    /// The thread that opened the connection: its own until it is attached to a loop.
    private let openingThread = pthread_self()

    /// Connects to `bus` and registers with it. libdbus's exit-on-disconnect is turned off:
    /// the owner decides what losing the bus means (`onDisconnect`). A reply to an
    /// asynchronous call from anyone but the one asked is dropped and handed to
    /// `onForeignReply`, to be logged.
    public init(
        _ bus: Bus, onForeignReply: ((ForeignReply) -> Void)? = nil, onDisconnect: (() -> Void)? = nil
    ) throws(DBusError) {
        self.onForeignReply = onForeignReply
        self.onDisconnect = onDisconnect
        self.bus = bus
        _ = dbus_threads_init_default()
        var opened: OpaquePointer?
        switch bus {
        case .session:
            opened = try DBusError.checking { dbus_bus_get_private(DBUS_BUS_SESSION, &$0) }
        case .system:
            opened = try DBusError.checking { dbus_bus_get_private(DBUS_BUS_SYSTEM, &$0) }
        case .address(let address):
            try Validation.checkString(address)
            opened = try DBusError.checking { dbus_connection_open_private(address, &$0) }
            if let connection = opened {
                do {
                    _ = try DBusError.checking { dbus_bus_register(connection, &$0) }
                } catch {
                    dbus_connection_close(connection)
                    dbus_connection_unref(connection)
                    throw error
                }
            }
        }
        guard let connection = opened else { throw .failed("could not connect to the bus") }
        raw = connection
        dbus_connection_set_exit_on_disconnect(connection, 0)
        uniqueName = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
        objects = ObjectTable(connection: self)
        dbus_connection_add_filter(connection, Self.filterFunction, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// The one filter every message goes through; `data` is the unretained connection.
    private static let filterFunction: DBusHandleMessageFunction = { _, message, data in
        Unmanaged<Connection>.fromOpaque(data!).takeUnretainedValue().filter(message!)
    }

    deinit {
        // Something else (a pending call) may keep the libdbus connection alive; it must never
        // call back into this freed object.
        dbus_connection_remove_filter(raw, Self.filterFunction, Unmanaged.passUnretained(self).toOpaque())
        if let watches { watches.uninstall(from: raw) }
        dbus_connection_set_dispatch_status_function(raw, nil, nil, nil)
        dbus_connection_set_wakeup_main_function(raw, nil, nil, nil)
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    /// True while the connection is open.
    public var isConnected: Bool { dbus_connection_get_is_connected(raw) != 0 }

    /// Closes the connection; later sends fail with `Disconnected`.
    public func close() {
        assertOwnThread()
        dbus_connection_close(raw)
    }

    /// Runs the connection on `loop`: its descriptor and timeouts join the loop, and queued
    /// messages are dispatched each turn until libdbus reports the queue complete. Call once,
    /// from the loop thread (or before the loop runs).
    public func attach(to loop: EventLoop) {
        loop.assertInLoop()
        precondition(self.loop == nil, "a connection is attached to one loop only")
        self.loop = loop
        let watches = LibdbusWatches(loop: loop)
        self.watches = watches
        watches.install(on: raw)
        watches.hasBacklog = { [unowned self] in !scheduler.privileged.isEmpty || !scheduler.unprivileged.isEmpty }
        watches.largeMessageComing = { [unowned self] in
            largeMessages.noteLargeMessage(on: loop, connection: self)
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        // Never dispatch inside this callback (libdbus forbids re-entry): note it, take a turn.
        dbus_connection_set_dispatch_status_function(
            raw,
            { _, status, data in
                guard status != DBUS_DISPATCH_COMPLETE else { return }
                let connection = Unmanaged<Connection>.fromOpaque(data!).takeUnretainedValue()
                connection.needsDispatch = true
                connection.loop?.requestTurn()
            }, me, nil)
        // libdbus asks for a wake-up with every message it queues, mostly while the loop
        // thread reads them: there, another turn is enough and costs no system call.
        dbus_connection_set_wakeup_main_function(
            raw,
            { data in
                Unmanaged<Connection>.fromOpaque(data!).takeUnretainedValue().loop?.requestTurn()
            }, me, nil)
        loop.addTurnHook { [weak self] in self?.dispatchQueued() }
        loop.addBeforeSleepHook { [weak self] in
            // Changes made by posted work or timers go out before the loop sleeps.
            self?.objects.flushChanges()
        }
        if dbus_connection_get_dispatch_status(raw) != DBUS_DISPATCH_COMPLETE {
            needsDispatch = true
            loop.requestTurn()
        }
    }

    /// Hands no incoming message to its handler from now on, for good: what is queued and what
    /// arrives stays unhandled, and calls among it unanswered (the bus answers their callers
    /// when the connection closes). For an owner that stops: nothing it does after this can
    /// be undone by a call that slipped in.
    public func stopDispatching() {
        dispatchStopped = true
    }

    /// Reads what libdbus has queued (each method call joins its sender's turn, or is refused
    /// at once), then serves the callers' calls in turn within one turn's budget.
    private func dispatchQueued() {
        guard !dispatchStopped else { return }
        defer { serveTurn() }
        guard needsDispatch else { return }
        needsDispatch = false
        while true {
            dropForeignReplies()
            let status = dbus_connection_dispatch(raw)
            if status == DBUS_DISPATCH_COMPLETE { break }
            if status == DBUS_DISPATCH_NEED_MEMORY {
                // Try again next turn rather than spin.
                needsDispatch = true
                loop?.requestTurn()
                break
            }
        }
    }

    private func filter(_ message: OpaquePointer) -> DBusHandlerResult {
        switch dbus_message_get_type(message) {
        case DBUS_MESSAGE_TYPE_METHOD_CALL:
            admit(message)
            return DBUS_HANDLER_RESULT_HANDLED
        case DBUS_MESSAGE_TYPE_SIGNAL:
            if dbus_message_is_signal(message, "org.freedesktop.DBus.Local", "Disconnected") != 0 {
                onDisconnect?()
                return DBUS_HANDLER_RESULT_HANDLED
            }
            routes.deliver(message, on: self)
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        default:
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
    }

    // MARK: Sending

    /// Queues `message` for sending (libdbus writes at once when it can); returns its serial.
    @discardableResult
    public func send(_ message: Message) throws(DBusError) -> UInt32 {
        try send(raw: message.raw)
    }

    func send(raw message: OpaquePointer) throws(DBusError) -> UInt32 {
        assertOwnThread()
        guard isConnected else { throw .disconnected() }
        var serial: UInt32 = 0
        guard dbus_connection_send(raw, message, &serial) != 0 else { throw .noMemory() }
        return serial
    }

    /// Writes what is queued for at most `limit`: a bus that has stopped reading this
    /// connection (its quota for it spent) must not hold up an owner that is leaving.
    /// Returns whether everything was written.
    @discardableResult
    public func flush(within limit: Duration) -> Bool {
        assertOwnThread()
        let deadline = MonotonicInstant.now().sinceStart + limit
        while dbus_connection_has_messages_to_send(raw) != 0 && isConnected {
            let left = deadline - MonotonicInstant.now().sinceStart
            guard left > .zero else { return false }
            _ = dbus_connection_read_write(raw, Self.milliseconds(left) + 1)
        }
        return true
    }

    /// How a reply's body is written: marshalled here and parsed by libdbus whole (what two or
    /// more arguments cost least), or through libdbus's iterator, which rewrites the header's
    /// signature once per top-level argument (what one argument costs least).
    enum ReplyWriting {
        case whole, throughIterator
    }

    /// Sends the reply to `call`, first flushing pending `PropertiesChanged` (changes caused by
    /// a request are announced before its reply). Throws `LimitsExceeded` instead of sending a
    /// reply larger than a bus carries: the bus would drop this connection for it.
    func sendReply(
        to call: OpaquePointer, writing: ReplyWriting = .whole, _ body: (inout MessageWriter) throws(DBusError) -> Void
    ) throws(DBusError) {
        assertOwnThread()
        objects.flushChanges()
        guard dbus_message_get_no_reply(call) == 0 else { return }
        let reply: OpaquePointer
        var bodyBytes: Int
        if writing == .throughIterator {
            (reply, bodyBytes) = try iteratedReply(to: call, body)
        } else {
            let arguments = MessageBody()
            try arguments.write(body)
            bodyBytes = arguments.count
            if arguments.count == 0 {
                // Nothing to marshal: libdbus makes an empty reply for less than parsing one costs.
                guard let made = dbus_message_new_method_return(call) else { throw .noMemory() }
                reply = made
            } else if arguments.carriesFileDescriptors {
                // Only libdbus's iterator attaches descriptors: the body is written again through it.
                (reply, bodyBytes) = try iteratedReply(to: call, body)
            } else {
                reply = try Message.assembledReply(to: call, body: arguments)
            }
        }
        defer { dbus_message_unref(reply) }
        // No connected check here: libdbus drops a message sent on a closed connection, and
        // the caller of a reply has nobody to tell.
        _ = dbus_connection_send(raw, reply, nil)
        noteAnswer(MessageSize.header + bodyBytes, to: call)
    }

    /// The reply to `call` with `body` written through libdbus's iterator, which the caller
    /// owns, and a bound on its body's size.
    private func iteratedReply(
        to call: OpaquePointer, _ body: (inout MessageWriter) throws(DBusError) -> Void
    ) throws(DBusError) -> (OpaquePointer, Int) {
        guard let reply = dbus_message_new_method_return(call) else { throw .noMemory() }
        do throws(DBusError) {
            var writer = MessageWriter(appendingTo: reply)
            try body(&writer)
            try Self.requireFitsBus(reply, bodyBound: writer.sizeBound)
            return (reply, writer.sizeBound)
        } catch {
            dbus_message_unref(reply)
            throw error
        }
    }

    /// The largest message a bus carries unless configured otherwise: dbus-daemon's default
    /// `max_message_size`, which the system bus keeps (a session bus's configuration raises it).
    public static let busMessageLimit = 32 << 20
    /// More than any header needs (each name at most 255 bytes, the bus adding the sender).
    private static let headerAllowance = 64 << 10

    /// Throws `LimitsExceeded` when `message`, written through libdbus's iterator, is larger
    /// than `busMessageLimit`. Its body is at most `bodyBound` bytes; only a bound near the limit
    /// costs the exact size (a copy marshalled, since marshalling locks a message against the
    /// serial its sending sets).
    static func requireFitsBus(_ message: OpaquePointer, bodyBound: Int) throws(DBusError) {
        guard bodyBound > busMessageLimit - headerAllowance else { return }
        guard let copy = dbus_message_copy(message) else { throw .noMemory() }
        defer { dbus_message_unref(copy) }
        var data: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(copy, &data, &length) != 0 else { throw .noMemory() }
        dbus_free(data)
        // The bus adds the sender's name as it forwards the message.
        let forwarded = Int(length) + 256
        guard forwarded > busMessageLimit else { return }
        throw .limitsExceeded(
            "the reply would be \(length) bytes, more than the \(busMessageLimit) a message bus carries")
    }

    /// Sends `error` as the reply to `call`. An invalid error name becomes `Failed`, because
    /// libdbus aborts on one; a message longer than `DBusError.longestMessage` is cut.
    func sendError(_ error: DBusError, to call: OpaquePointer) {
        assertOwnThread()
        objects.flushChanges()
        guard dbus_message_get_no_reply(call) == 0 else { return }
        let name = Validation.isValid(error.name, as: .errorName) ? error.name : DBusError.Names.failed
        let text = error.boundedMessage.replacingNUL()
        guard let reply = dbus_message_new_error(call, name, text) else { return }
        _ = try? send(raw: reply)
        dbus_message_unref(reply)
        noteAnswer(MessageSize.header + name.utf8.count + text.utf8.count, to: call)
    }

    /// Emits a signal from `path`; names are validated first.
    public func emit<each T: DBusEncodable>(
        path: ObjectPath, interface: String, name: String, _ arguments: repeat each T
    ) throws(DBusError) {
        try Validation.check(interface, as: .interface)
        try Validation.check(name, as: .member)
        let body = MessageBody()
        try body.write { (writer: inout MessageWriter) throws(DBusError) in
            for argument in repeat each arguments {
                try argument.encode(to: &writer)
            }
        }
        guard body.carriesFileDescriptors else {
            try send(
                try Message.assembledSignal(validatedPath: path.rawValue, interface: interface, name: name, body: body))
            return
        }
        // Only libdbus's iterator attaches descriptors: the arguments are written again through it.
        let message = try Message.signal(validatedPath: path.rawValue, interface: interface, name: name)
        var iterating = message.writer()
        for argument in repeat each arguments {
            try argument.encode(to: &iterating)
        }
        try send(message)
    }
}

extension Connection {
    /// Traps in debug builds unless called on the thread the connection belongs to: its
    /// loop's thread once attached (`EventLoop.assertInLoop`), else the thread that opened it.
    /// The threading rule of the type made a check, as swift-nio's `NIOLoopBound` does.
    func assertOwnThread(file: StaticString = #fileID, line: UInt = #line) {
        if let loop {
            loop.assertInLoop(file: file, line: line)
        } else {
            assert(
                pthread_equal(openingThread, pthread_self()) != 0, "connection used off the thread that opened it",
                file: file, line: line)
        }
    }
}

extension String {
    /// The string with NUL bytes removed, safe to hand to C.
    func replacingNUL() -> String {
        Validation.containsNUL(self) ? String(decoding: utf8.filter { $0 != 0 }, as: UTF8.self) : self
    }
}
