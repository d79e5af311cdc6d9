import CDBus
import Glibc

/// Messages built whole: a header written here in front of a `MessageBody`, handed to libdbus
/// as bytes (`dbus_message_demarshal`). libdbus parses and checks them as it checks every
/// message it reads (names, UTF-8, nesting, alignment, the body against its signature), so a
/// mistake here is an error, never a malformed message on the bus; the serial is left for
/// sending to set, as for messages libdbus makes.
extension Message {
    /// The header fields of the specification this library writes, by code.
    private enum HeaderField: UInt8 {
        case path = 1
        case interface = 2
        case member = 3
        case replySerial = 5
        case destination = 6
        case signature = 8
    }

    /// The message type codes of the specification.
    private enum MessageType: UInt8 {
        case methodReturn = 2
        case signal = 4
    }

    /// The `NO_REPLY_EXPECTED` header flag, which libdbus sets on every reply and signal it makes.
    private static let noReplyExpected: UInt8 = 0x1

    /// A signal from `path` whose arguments `body` holds. The names are known to be valid (an
    /// exported object's path, a compiled interface's name, a constant); libdbus checks them
    /// again as it parses.
    static func assembledSignal(
        validatedPath path: String, interface: String, name: String, body: MessageBody
    ) throws(DBusError) -> Message {
        let raw = try assemble(.signal, flags: noReplyExpected, body: body) { (header: MessageBody) in
            field(.path, TypeCode.objectPath, path, into: header)
            field(.interface, TypeCode.string, interface, into: header)
            field(.member, TypeCode.string, name, into: header)
        }
        return Message(taking: raw)
    }

    /// The reply to `call` (what `dbus_message_new_method_return` makes) carrying `body`; the
    /// caller owns the returned reference.
    static func assembledReply(to call: OpaquePointer, body: MessageBody) throws(DBusError) -> OpaquePointer {
        let serial = dbus_message_get_serial(call)
        let sender = dbus_message_get_sender(call)
        return try assemble(.methodReturn, flags: noReplyExpected, body: body) { (header: MessageBody) in
            // In libdbus's order, so that the bytes are the ones it would send. A peer-to-peer
            // caller has no name: the reply then has no destination.
            if let sender { field(.destination, TypeCode.string, sender, length: strlen(sender), into: header) }
            startField(.replySerial, TypeCode.uint32, into: header)
            header.appendFixed(serial)
        }
    }

    /// The header of `type` with the fields `fields` writes and the body's signature, then
    /// `body`, parsed into a libdbus message with serial 0. The header is written with the
    /// body's primitives directly: it has one fixed shape, `yyyyuua(yv)`.
    private static func assemble(
        _ type: MessageType, flags: UInt8, body: MessageBody, fields: (MessageBody) -> Void
    ) throws(DBusError) -> OpaquePointer {
        guard !body.carriesFileDescriptors else {
            throw .invalidArgs("a file descriptor can only travel in a message written through libdbus")
        }
        guard body.signature.count <= MessageWriter.longestSignature else {
            throw .invalidArgs(
                "the arguments' signature would be \(body.signature.count) bytes, more than \(MessageWriter.longestSignature)"
            )
        }
        // Room for the header of names a few dozen bytes long, then the body: one allocation.
        let message = MessageBody(capacity: 192 + body.count)
        #if _endian(little)
            message.appendFixed(UInt8(ascii: "l"))
        #else
            message.appendFixed(UInt8(ascii: "B"))
        #endif
        message.appendFixed(type.rawValue)
        message.appendFixed(flags)
        message.appendFixed(UInt8(1)) // The protocol's major version.
        message.appendFixed(UInt32(truncatingIfNeeded: body.count))
        // libdbus parses no message with serial 0; sending replaces this one.
        message.appendFixed(UInt32(1))
        let list = message.startArray(element: UInt8(ascii: "("))
        fields(message)
        if !body.signature.isEmpty {
            body.signature.withUnsafeBufferPointer { signature in
                signature.withMemoryRebound(to: CChar.self) { signature in
                    field(
                        .signature, TypeCode.signature, signature.baseAddress!, length: signature.count, into: message)
                }
            }
        }
        try message.finishArray(list)
        message.pad(to: 8)
        let length = message.count + body.count
        // The bus adds the sender's name as it forwards the message, and drops a connection
        // that sends more than it carries.
        guard length + 256 <= Connection.busMessageLimit else {
            throw .limitsExceeded(
                "the message would be \(length) bytes, more than the \(Connection.busMessageLimit) a message bus carries"
            )
        }
        message.append(body)
        let parsed = try DBusError.checking { (error: inout CDBus.DBusError) in
            message.withBytes {
                dbus_message_demarshal($0.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(length), &error)
            }
        }
        guard let parsed else { throw .noMemory() }
        dbus_message_set_serial(parsed, 0)
        return parsed
    }

    /// The start of a header field, `(yv)`, up to its value: the code and a one-type signature.
    private static func startField(_ code: HeaderField, _ type: Int32, into header: MessageBody) {
        header.pad(to: 8)
        header.appendFixed(code.rawValue)
        header.appendFixed(UInt8(1))
        header.appendFixed(UInt8(truncatingIfNeeded: type))
        header.appendFixed(UInt8(0))
    }

    /// A header field whose value is a string-like `type` (`s`, `o`, `g`).
    private static func field(_ code: HeaderField, _ type: Int32, _ value: String, into header: MessageBody) {
        value.withCString { field(code, type, $0, length: value.utf8.count, into: header) }
    }

    /// A header field whose value is a string-like `type`, `length` bytes at `start`.
    private static func field(
        _ code: HeaderField, _ type: Int32, _ start: UnsafePointer<CChar>, length: Int, into header: MessageBody
    ) {
        startField(code, type, into: header)
        header.appendString(start, length: length, type: type)
    }
}
