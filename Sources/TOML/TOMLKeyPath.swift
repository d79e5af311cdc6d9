/// How keys are written in the paths that messages name (`tabs[2].titles."pt BR"`).
public enum TOMLKeyPath {
    /// The longest key, in Unicode scalars, that a path quotes whole; longer ones are cut, so
    /// that a message never carries a huge key.
    public static let longestQuotedKey = 64

    /// `key` as a path component: bare when it can be, else quoted as a basic string.
    public static func component(_ key: String) -> String {
        let bare =
            !key.isEmpty && key.utf8.count <= longestQuotedKey
            && key.utf8.allSatisfy { byte in
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                    || byte == 0x5F || byte == 0x2D
            }
        if bare { return key }
        var quoted = "\""
        for (count, scalar) in key.unicodeScalars.enumerated() {
            if count == longestQuotedKey { return quoted + "…\"" }
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                quoted += "\\u" + scalar.value.hexDigits(minimum: 4)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// `key` inside the table at `path` (the root when `path` is empty).
    public static func appending(_ key: String, to path: String) -> String {
        path.isEmpty ? component(key) : path + "." + component(key)
    }
}
