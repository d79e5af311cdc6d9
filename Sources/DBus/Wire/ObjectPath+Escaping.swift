extension ObjectPath {
    /// The path of the object that stands for `element` below `self`, with `element` escaped
    /// so that any string makes one valid path element and distinct strings distinct paths:
    /// every byte outside `[A-Za-z0-9]` is written as `_` and two lowercase hex digits
    /// (`world-clock` → `world_2dclock`), and the empty string as `_`. The escaping of
    /// systemd's `sd_bus_path_encode`; `element(below:)` undoes it.
    public func appending(escaping element: String) -> ObjectPath {
        let hex = Array("0123456789abcdef".utf8)
        var escaped: [UInt8] = rawValue == "/" ? [] : Array(rawValue.utf8)
        escaped.append(UInt8(ascii: "/"))
        if element.isEmpty { escaped.append(UInt8(ascii: "_")) }
        for byte in element.utf8 {
            if Self.isPlain(byte) {
                escaped.append(byte)
            } else {
                escaped += [UInt8(ascii: "_"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return ObjectPath(trusted: String(decoding: escaped, as: UTF8.self))
    }

    /// The string an object directly below `parent` stands for: the escaping of
    /// `appending(escaping:)` undone (`…/tab/world_2dclock` → `world-clock`, as systemd's
    /// `sd_bus_path_decode`). Nil when `self` is not exactly one element below `parent`, or
    /// when the element is not one that `appending(escaping:)` writes.
    public func element(below parent: ObjectPath) -> String? {
        let prefix = parent.rawValue == "/" ? "/" : parent.rawValue + "/"
        guard rawValue.hasPrefix(prefix) else { return nil }
        let escaped = Array(rawValue.utf8.dropFirst(prefix.utf8.count))
        guard !escaped.isEmpty, !escaped.contains(UInt8(ascii: "/")) else { return nil }
        if escaped == [UInt8(ascii: "_")] { return "" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(escaped.count)
        var index = 0
        while index < escaped.count {
            let byte = escaped[index]
            if Self.isPlain(byte) {
                bytes.append(byte)
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "_"), index + 2 < escaped.count,
                let high = Self.hexValue(escaped[index + 1]), let low = Self.hexValue(escaped[index + 2])
            else { return nil }
            let decoded = high << 4 | low
            // A plain byte written escaped is not what the encoder writes.
            guard !Self.isPlain(decoded) else { return nil }
            bytes.append(decoded)
            index += 3
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The bytes a path element carries as they are.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }

    /// The value of a lowercase hex digit, the only case the encoder writes.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
