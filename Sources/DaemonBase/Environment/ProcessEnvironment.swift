import Glibc

/// The process environment as a dictionary, read once: paths, `LANG`, systemd's variables.
package enum ProcessEnvironment {
    /// Every `NAME=value` of the environment.
    package static func current() -> [String: String] {
        entries(environ)
    }

    /// Every `NAME=value` of the NULL-terminated array `entries`, as `environ` holds them; an
    /// entry without `=` is left out.
    static func entries(_ entries: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var result: [String: String] = [:]
        var entry = entries
        while let pointer = entry.pointee {
            // Split at the first `=` of the bytes, as getenv does. Searching the Characters for
            // it cost more than the rest of the reading, and missed an `=` that a combining
            // mark after it joins into one Character.
            if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
                let name = UnsafeRawBufferPointer(start: pointer, count: equals - pointer)
                result[String(decoding: name, as: UTF8.self)] = String(cString: equals + 1)
            }
            entry += 1
        }
        return result
    }
}
