/// Finds the line on which each key of a TOML document is written, so that errors in
/// configuration files and plugin manifests can say `file:line`. TOMLKit reports lines for
/// syntax errors only.
///
/// Keys are named by their path: `max_visible`, `appearance.tint_color`, and for arrays of
/// tables the element's index, `tabs[2].id`, `tabs[0].titles.fr`. It reads `key = value` lines
/// and `[table]` / `[[array]]` headers, which is every form tabbard's files use; a key it cannot
/// place is answered with the line of its nearest enclosing table or key, else nil.
struct TOMLKeyLines {
    private var lines: [String: Int] = [:]

    /// Scans `text` once.
    init(_ text: String) {
        var table = ""
        var elements: [String: Int] = [:]  // array-of-tables name → elements seen so far
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.drop(while: { $0 == " " || $0 == "\t" })
            if line.hasPrefix("[[") {
                let name = Self.normalize(line.dropFirst(2).prefix(while: { $0 != "]" }))
                let index = elements[name, default: 0]
                elements[name] = index + 1
                table = "\(name)[\(index)]"
                note(name, number)
                note(table, number)
            } else if line.hasPrefix("[") {
                table = Self.resolve(Self.normalize(line.dropFirst().prefix(while: { $0 != "]" })), elements)
                note(table, number)
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let key = Self.normalize(line[..<equals])
                note(table.isEmpty ? key : table + "." + key, number)
            }
        }
    }

    /// The line of `path`, or of the nearest enclosing key or table written in the text.
    func line(of path: String) -> Int? {
        var path = Substring(path)
        while true {
            if let line = lines[String(path)] { return line }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return nil }
            path = path[..<cut]
        }
    }

    private mutating func note(_ path: String, _ line: Int) {
        if lines[path] == nil { lines[path] = line }
    }

    /// `tabs.titles` after a `[[tabs]]` header means the titles of that latest element.
    private static func resolve(_ name: String, _ elements: [String: Int]) -> String {
        var parts = name.split(separator: ".").map(String.init)
        var prefix = ""
        for (position, part) in parts.enumerated() {
            prefix = prefix.isEmpty ? part : prefix + "." + part
            if let count = elements[prefix] {
                parts[position] = "\(part)[\(count - 1)]"
            }
        }
        return parts.joined(separator: ".")
    }

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
