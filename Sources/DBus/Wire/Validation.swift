import CDBus
import Glibc

/// Checks of strings from outside before they reach libdbus, which aborts the whole process on
/// an invalid name, path, signature or string. Every check throws `InvalidArgs` naming the value.
public enum Validation {
    /// The kinds of names the D-Bus specification defines.
    public enum Kind: Sendable {
        /// An object path such as `/org/example/Thing`.
        case objectPath
        /// An interface name such as `org.example.Thing1`.
        case interface
        /// A method or signal name such as `DoThing`.
        case member
        /// An error name such as `org.example.Error.Bad`.
        case errorName
        /// A bus name, unique (`:1.42`) or well-known (`org.example.Thing`).
        case busName
        /// A type signature such as `a{sv}`.
        case signature

        var label: String {
            switch self {
            case .objectPath: "object path"
            case .interface: "interface name"
            case .member: "member name"
            case .errorName: "error name"
            case .busName: "bus name"
            case .signature: "signature"
            }
        }
    }

    /// True when `value` is a valid name of `kind`.
    public static func isValid(_ value: String, as kind: Kind) -> Bool {
        guard !containsNUL(value) else { return false }
        return value.withCString { isValid($0, as: kind) }
    }

    /// True when the C string is a valid name of `kind`.
    static func isValid(_ value: UnsafePointer<CChar>, as kind: Kind) -> Bool {
        switch kind {
        case .objectPath: dbus_validate_path(value, nil) != 0
        case .interface: dbus_validate_interface(value, nil) != 0
        case .member: dbus_validate_member(value, nil) != 0
        case .errorName: dbus_validate_error_name(value, nil) != 0
        case .busName: dbus_validate_bus_name(value, nil) != 0
        case .signature: dbus_signature_validate(value, nil) != 0
        }
    }

    /// Throws `InvalidArgs` unless `value` is a valid name of `kind`.
    public static func check(_ value: String, as kind: Kind) throws(DBusError) {
        guard isValid(value, as: kind) else {
            throw .invalidArgs("invalid \(kind.label) '\(printable(value))'")
        }
    }

    /// Throws `InvalidArgs` unless `value` can travel as a D-Bus string: Swift strings are always
    /// valid UTF-8, so what remains is an embedded NUL, which C would silently cut off.
    public static func checkString(_ value: String) throws(DBusError) {
        guard !containsNUL(value) else {
            throw .invalidArgs("string contains a NUL byte: '\(printable(value))'")
        }
    }

    /// True when the bytes are valid UTF-8 without NUL, as D-Bus strings must be.
    public static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        guard !bytes.contains(0) else { return false }
        return (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { dbus_validate_utf8($0.baseAddress, nil) != 0 }
        }
    }

    static func containsNUL(_ value: String) -> Bool {
        if let found = value.utf8.withContiguousStorageIfAvailable({ buffer -> Bool in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return false }
            return memchr(base, 0, buffer.count) != nil
        }) {
            return found
        }
        return value.utf8.contains(0)
    }

    /// The value shortened and with control characters escaped, for error messages.
    static func printable(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars.prefix(200) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\x" + String(scalar.value, radix: 16)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return value.unicodeScalars.count > 200 ? out + "…" : out
    }
}
