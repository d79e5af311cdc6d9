import Glibc

/// The process environment as a dictionary, read once: paths, `LANG`, systemd's variables.
enum ProcessEnvironment {
    /// Every `NAME=value` of the environment.
    static func current() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
