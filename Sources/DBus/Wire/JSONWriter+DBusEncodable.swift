import JSON

extension JSONWriter: DBusEncodable {
    /// `s`: the document written so far, as a string argument.
    public static var dbusSignature: String { "s" }

    /// Appends the document as an `s` straight from the writer's buffer: no `String` is made
    /// and no NUL scan is needed (the writer escapes every control character), so a document
    /// of megabytes is copied once, by libdbus.
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try withCString { (start, length) throws(DBusError) in
            try writer.appendValidatedString(TypeCode.string, start, length: length)
        }
    }
}
