import CDBus

/// A D-Bus error: the error name that travels on the wire (`org.freedesktop.DBus.Error.InvalidArgs`)
/// and a one-line human message. The one error type of this library; handlers throw it to
/// answer a call with an error, and every failing call or validation throws it.
public struct DBusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The D-Bus error name, e.g. `org.freedesktop.DBus.Error.UnknownMethod`.
    public var name: String
    /// The human-readable message; names the offending value.
    public var message: String

    /// An error with the given name and message. An invalid error name is replaced by
    /// `org.freedesktop.DBus.Error.Failed` when the error is sent, because libdbus aborts on it.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// `name: message`, the way busctl and gdbus print errors.
    public var description: String { "\(name): \(message)" }

    /// Takes the error out of a libdbus `DBusError`, freeing it; nil when none is set.
    static func take(_ error: inout CDBus.DBusError) -> DBusError? {
        guard dbus_error_is_set(&error) != 0 else { return nil }
        defer { dbus_error_free(&error) }
        let name = error.name.map { String(cString: $0) } ?? Names.failed
        let message = error.message.map { String(cString: $0) } ?? ""
        return DBusError(name: name, message: message)
    }

    /// Runs `body` with a fresh libdbus error and throws what it sets.
    static func checking<T>(_ body: (inout CDBus.DBusError) -> T) throws(DBusError) -> T {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        let result = body(&error)
        if let thrown = take(&error) { throw thrown }
        return result
    }
}

extension DBusError {
    /// The standard error names of the D-Bus specification used by this library.
    public enum Names {
        /// `org.freedesktop.DBus.Error.Failed`: a generic failure.
        public static let failed = "org.freedesktop.DBus.Error.Failed"
        /// `org.freedesktop.DBus.Error.NoMemory`.
        public static let noMemory = "org.freedesktop.DBus.Error.NoMemory"
        /// `org.freedesktop.DBus.Error.InvalidArgs`: wrong signature or value.
        public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        /// `org.freedesktop.DBus.Error.UnknownMethod`.
        public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        /// `org.freedesktop.DBus.Error.UnknownObject`.
        public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        /// `org.freedesktop.DBus.Error.UnknownInterface`.
        public static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
        /// `org.freedesktop.DBus.Error.UnknownProperty`.
        public static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        /// `org.freedesktop.DBus.Error.PropertyReadOnly`.
        public static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
        /// `org.freedesktop.DBus.Error.AccessDenied`.
        public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
        /// `org.freedesktop.DBus.Error.NoReply`: the peer did not answer in time.
        public static let noReply = "org.freedesktop.DBus.Error.NoReply"
        /// `org.freedesktop.DBus.Error.Timeout`.
        public static let timeout = "org.freedesktop.DBus.Error.Timeout"
        /// `org.freedesktop.DBus.Error.ServiceUnknown`: nobody owns the destination name.
        public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
        /// `org.freedesktop.DBus.Error.NameHasNoOwner`.
        public static let nameHasNoOwner = "org.freedesktop.DBus.Error.NameHasNoOwner"
        /// `org.freedesktop.DBus.Error.Disconnected`: the connection is closed.
        public static let disconnected = "org.freedesktop.DBus.Error.Disconnected"
        /// `org.freedesktop.DBus.Error.NotSupported`.
        public static let notSupported = "org.freedesktop.DBus.Error.NotSupported"
        /// `org.freedesktop.DBus.Error.LimitsExceeded`: a message larger than a bus carries.
        public static let limitsExceeded = "org.freedesktop.DBus.Error.LimitsExceeded"
    }

    /// `Failed` with a message.
    public static func failed(_ message: String) -> DBusError { .init(name: Names.failed, message: message) }
    /// `InvalidArgs` with a message naming the offending value.
    public static func invalidArgs(_ message: String) -> DBusError { .init(name: Names.invalidArgs, message: message) }
    /// `UnknownMethod` for `member` of `interface`.
    public static func unknownMethod(_ message: String) -> DBusError {
        .init(name: Names.unknownMethod, message: message)
    }
    /// `UnknownObject` for a path nobody exported.
    public static func unknownObject(_ message: String) -> DBusError {
        .init(name: Names.unknownObject, message: message)
    }
    /// `UnknownInterface` for an interface the object does not implement.
    public static func unknownInterface(_ message: String) -> DBusError {
        .init(name: Names.unknownInterface, message: message)
    }
    /// `UnknownProperty`.
    public static func unknownProperty(_ message: String) -> DBusError {
        .init(name: Names.unknownProperty, message: message)
    }
    /// `PropertyReadOnly`.
    public static func propertyReadOnly(_ message: String) -> DBusError {
        .init(name: Names.propertyReadOnly, message: message)
    }
    /// `AccessDenied`.
    public static func accessDenied(_ message: String) -> DBusError {
        .init(name: Names.accessDenied, message: message)
    }
    /// `NoReply`: a call timed out or its reply never came.
    public static func noReply(_ message: String) -> DBusError { .init(name: Names.noReply, message: message) }
    /// `NoMemory`: libdbus could not allocate.
    public static func noMemory(_ message: String = "out of memory") -> DBusError {
        .init(name: Names.noMemory, message: message)
    }
    /// `LimitsExceeded`: what was asked for is larger than a message may be.
    public static func limitsExceeded(_ message: String) -> DBusError {
        .init(name: Names.limitsExceeded, message: message)
    }
    /// `Disconnected`: the connection is closed.
    public static func disconnected(_ message: String = "the connection is closed") -> DBusError {
        .init(name: Names.disconnected, message: message)
    }
}

extension DBusError {
    /// Any error as a D-Bus error: itself if it is one, else `Failed` with its description.
    public init(_ error: any Error) {
        if let error = error as? DBusError {
            self = error
        } else {
            self = .failed(String(describing: error))
        }
    }
}

extension DBusError {
    /// The most bytes of an offending value a message quotes.
    public static let quotedBytes = 64

    /// How an error message names a value a caller sent: `'value'`, or `'<its first 64
    /// bytes>…' (<length> bytes)` for a longer one, cut between characters, so that no error
    /// reply outgrows the bus's message limit however long the value was.
    public static func quoted(_ value: String) -> String {
        guard let head = head(of: value, bytes: quotedBytes) else { return "'\(value)'" }
        return quote(head, of: value.utf8.count)
    }

    /// `quoted` for a string not made a `String` (a caller's argument over
    /// `MethodCall.longestString`): its head is read and its `length` given, nothing copied.
    static func quoted(_ text: UnsafePointer<CChar>, length: Int) -> String {
        guard length > quotedBytes else { return "'\(String(cString: text))'" }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: quotedBytes + 1)
        return quote(head(of: bytes, cutAt: quotedBytes), of: length)
    }

    /// A quote of a value by its `head` and its length in bytes.
    private static func quote(_ head: String, of length: Int) -> String {
        "'\(head)…' (\(length) bytes)"
    }

    /// The longest message an error carries: longer ones are cut (a handler's own message
    /// quoting a value whole is still no reason for the bus to drop the connection).
    static let longestMessage = 4096

    /// The message, cut to `longestMessage` bytes between characters, saying how long it was.
    var boundedMessage: String {
        guard let head = Self.head(of: message, bytes: Self.longestMessage) else { return message }
        return head + "… (a message of \(message.utf8.count) bytes, cut)"
    }

    /// The first `count` bytes of `text`, cut between characters (a D-Bus string must stay
    /// valid UTF-8); nil when `text` is no longer than that. O(count).
    private static func head(of text: String, bytes count: Int) -> String? {
        let bytes = Array(text.utf8.prefix(count + 1))
        guard bytes.count > count else { return nil }
        return bytes.withUnsafeBufferPointer { head(of: $0, cutAt: count) }
    }

    /// The first `count` of `bytes`, which hold more than that, cut back to the start of the
    /// character at `count`.
    private static func head(of bytes: UnsafeBufferPointer<UInt8>, cutAt count: Int) -> String {
        var end = count
        while end > 0 && UTF8.isContinuation(bytes[end]) { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
    }
}
