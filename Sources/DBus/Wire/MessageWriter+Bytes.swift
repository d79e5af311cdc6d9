import CDBus

extension MessageWriter {
    /// Appends `bytes` as one `ay`, copied at once: an icon's pixels are a quarter of a
    /// megabyte, which byte by byte would be as many appends.
    public mutating func appendByteArray(_ bytes: [UInt8]) throws(DBusError) {
        try appendContainer(TypeCode.array, validatedSignature: "y") { (array: inout MessageWriter) throws(DBusError) in
            try array.appendElementBytes(bytes)
        }
    }

    /// The elements of the `ay` this writer is inside.
    private mutating func appendElementBytes(_ bytes: [UInt8]) throws(DBusError) {
        if let marshalled {
            bytes.withUnsafeBytes { raw in marshalled._withUnsafeGuaranteedRef { $0.appendBytes(raw) } }
        } else if !bytes.isEmpty {
            let ok = bytes.withUnsafeBufferPointer { buffer in
                var start: UnsafePointer<UInt8>? = buffer.baseAddress
                return dbus_message_iter_append_fixed_array(&iter, TypeCode.byte, &start, Int32(buffer.count)) != 0
            }
            guard ok else { throw .noMemory() }
        }
        sizeBound += bytes.count
    }
}
