import CDBus
import Glibc

/// A cheap estimate of how many bytes an incoming message holds, for a caller's share: the
/// wire length of its top-level strings and arrays (libdbus knows an array's length without
/// walking it), a few bytes for anything else, and a header's worth.
enum MessageSize {
    /// What a header costs at least, with the names a call carries.
    static let header = 128

    static func estimate(_ message: OpaquePointer) -> Int {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0 else { return header }
        return header + arguments(&iterator)
    }

    /// The bytes of the arguments from `iterator` to the end of its container.
    private static func arguments(_ iterator: inout DBusMessageIter) -> Int {
        var bytes = 0
        repeat {
            switch dbus_message_iter_get_arg_type(&iterator) {
            case TypeCode.invalid:
                return bytes
            case TypeCode.string, TypeCode.objectPath, TypeCode.signature:
                var text: UnsafePointer<CChar>?
                dbus_message_iter_get_basic(&iterator, &text)
                bytes += 8 + (text.map { strlen($0) } ?? 0)
            case TypeCode.array:
                bytes += 8 + Int(arrayByteLength(&iterator))
            case TypeCode.variant, TypeCode.structure, TypeCode.dictEntry:
                var inner = DBusMessageIter()
                dbus_message_iter_recurse(&iterator, &inner)
                bytes += 8 + arguments(&inner)
            default:
                bytes += 8
            }
        } while dbus_message_iter_next(&iterator) != 0
        return bytes
    }
}

/// libdbus's `dbus_message_iter_get_array_len`, declared here without its deprecation: it is
/// deprecated for counting elements, which it does not do; the byte length it gives, without
/// walking the array, is what `MessageSize` wants.
@_silgen_name("dbus_message_iter_get_array_len")
private func arrayByteLength(_ iterator: UnsafeMutablePointer<DBusMessageIter>) -> Int32
