/// Finds the line on which each key of a TOML document is written, so that configuration
/// errors can say `file:line`. TOMLKit reports lines for syntax errors only.
///
/// It reads `key = value` lines and `[table]` headers, which is every form `tabbard.toml` and
/// plugin manifests use; a key it cannot place simply gets no line.
struct TOMLKeyLines {
    private var lines: [String: Int] = [:]

    /// Scans `text` once.
    init(_ text: String) {
        var table = ""
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.drop(while: { $0 == " " || $0 == "\t" })
            if line.hasPrefix("[") {
                let isArray = line.hasPrefix("[[")
                let name = line.drop(while: { $0 == "[" }).prefix(while: { $0 != "]" })
                table = Self.normalize(name)
                if !isArray, lines[table] == nil { lines[table] = number }
                continue
            }
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            let key = Self.normalize(line[..<equals])
            let path = table.isEmpty ? key : table + "." + key
            if lines[path] == nil { lines[path] = number }
        }
    }

    /// The line of `path` (`max_visible`, `appearance.tint_color`), or nil.
    func line(of path: String) -> Int? { lines[path] }

    private static func normalize(_ key: Substring) -> String {
        key.split(separator: ".")
            .map { $0.trimmingSpaces().trimmingQuotes() }
            .joined(separator: ".")
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[start...end]
    }

    fileprivate func trimmingQuotes() -> String {
        if count >= 2, let first, let last, first == last, first == "\"" || first == "'" {
            return String(dropFirst().dropLast())
        }
        return String(self)
    }
}
