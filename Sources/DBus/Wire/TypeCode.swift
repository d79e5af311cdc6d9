/// The one-character type codes of the D-Bus wire format, as the `Int32` libdbus takes. The C
/// macros (`DBUS_TYPE_STRING` is `((int) 's')`) do not import into Swift.
public enum TypeCode {
    /// No more arguments (`DBUS_TYPE_INVALID`).
    public static let invalid: Int32 = 0
    /// `y`, an unsigned byte.
    public static let byte = code("y")
    /// `b`, a boolean.
    public static let boolean = code("b")
    /// `n`, a signed 16-bit integer.
    public static let int16 = code("n")
    /// `q`, an unsigned 16-bit integer.
    public static let uint16 = code("q")
    /// `i`, a signed 32-bit integer.
    public static let int32 = code("i")
    /// `u`, an unsigned 32-bit integer.
    public static let uint32 = code("u")
    /// `x`, a signed 64-bit integer.
    public static let int64 = code("x")
    /// `t`, an unsigned 64-bit integer.
    public static let uint64 = code("t")
    /// `d`, an IEEE 754 double.
    public static let double = code("d")
    /// `s`, a UTF-8 string.
    public static let string = code("s")
    /// `o`, an object path.
    public static let objectPath = code("o")
    /// `g`, a signature.
    public static let signature = code("g")
    /// `h`, a Unix file descriptor.
    public static let unixFD = code("h")
    /// `a`, an array.
    public static let array = code("a")
    /// `r`, a struct (in signatures it is written with parentheses).
    public static let structure = code("r")
    /// `v`, a variant.
    public static let variant = code("v")
    /// `e`, a dict entry (in signatures it is written with braces).
    public static let dictEntry = code("e")

    static func code(_ character: Unicode.Scalar) -> Int32 { Int32(character.value) }

    /// The type code as the character a signature shows.
    static func name(_ code: Int32) -> String {
        switch code {
        case invalid: "nothing"
        case structure: "struct"
        case dictEntry: "dict entry"
        default: Unicode.Scalar(UInt32(code)).map { String(Character($0)) } ?? "?"
        }
    }
}
