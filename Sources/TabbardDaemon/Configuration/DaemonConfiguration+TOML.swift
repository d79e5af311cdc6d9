internal import TOMLKit

extension DaemonConfiguration {
    /// Parses `tabbard.toml` text. `file` names it in errors. Unknown keys, values of the wrong
    /// type and values out of range are errors; ids and colors are checked again by the model
    /// when the configuration is applied.
    public init(toml text: String, file: String) throws(ConfigurationError) {
        self.init()
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigurationError(file: file, line: error.source.begin.line, reason: error.description)
        } catch {
            throw ConfigurationError(file: file, reason: "cannot parse: \(error)")
        }
        var reader = TOMLReader(table: table, lines: TOMLKeyLines(text), file: file)
        pluginDirectories = try reader.strings("plugin_dirs")
        plugins = try reader.strings("plugins")
        tabs = try reader.strings("tabs")
        selected = try reader.string("selected")
        customizable = try reader.strings("customizable")
        maxVisible = try reader.integer("max_visible", in: 2...64) ?? maxVisible
        layout = try reader.string("layout", oneOf: ["bottom", "top"]) ?? layout
        locale = try reader.string("locale")
        delegateTimeoutMs = try reader.integer("delegate_timeout_ms", in: 10...20000) ?? delegateTimeoutMs
        delegateTimeoutPolicy = try reader.string("delegate_timeout_policy", oneOf: ["allow", "deny"]) ?? delegateTimeoutPolicy
        adminGroup = try reader.string("admin_group") ?? adminGroup
        stateDirectory = try reader.string("state_dir")
        flushIntervalMs = try reader.integer("flush_interval_ms", in: 1...60000) ?? flushIntervalMs
        customizationTimeoutSeconds = try reader.integer("customization_timeout_s", in: 1...86400) ?? customizationTimeoutSeconds
        if var section = try reader.table("appearance") {
            appearance.barStyle = try section.string("bar_style", oneOf: ["default", "black"])
            appearance.barTintColor = try section.string("bar_tint_color")
            appearance.tintColor = try section.string("tint_color")
            appearance.unselectedItemTintColor = try section.string("unselected_item_tint_color")
            appearance.translucent = try section.bool("translucent")
            appearance.backgroundImage = try section.string("background_image")
            appearance.shadowImage = try section.string("shadow_image")
            appearance.selectionIndicatorImage = try section.string("selection_indicator_image")
            try section.rejectUnread()
        }
        try reader.rejectUnread()
    }

    /// Reads and parses the file at `path`. A missing file is an error here: the caller decides
    /// whether an absent default file means "use the defaults".
    public init(contentsOf path: String) throws(ConfigurationError) {
        let bytes: [UInt8]?
        do {
            bytes = try FileIO.read(path)
        } catch {
            throw ConfigurationError(file: path, reason: error.description)
        }
        guard let bytes else { throw ConfigurationError(file: path, reason: "no such file") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError(file: path, reason: "not valid UTF-8")
        }
        try self.init(toml: text, file: path)
    }
}

/// Reads typed keys out of one TOML table, remembering which keys were read so that anything
/// left over is reported as unknown.
private struct TOMLReader {
    let table: TOMLTable
    let lines: TOMLKeyLines
    let file: String
    var prefix = ""
    private var read: Set<String> = []

    init(table: TOMLTable, lines: TOMLKeyLines, file: String, prefix: String = "") {
        self.table = table
        self.lines = lines
        self.file = file
        self.prefix = prefix
    }

    mutating func string(_ key: String, oneOf allowed: [String]? = nil) throws(ConfigurationError) -> String? {
        guard let value = value(key) else { return nil }
        guard let text = value.string else { throw failure(key, "must be a string, not \(value.type)") }
        if let allowed, !allowed.contains(text) {
            throw failure(key, "must be \(allowed.joined(separator: " or ")), not '\(text)'")
        }
        return text
    }

    mutating func strings(_ key: String) throws(ConfigurationError) -> [String]? {
        guard let value = value(key) else { return nil }
        guard let array = value.array else { throw failure(key, "must be an array of strings, not \(value.type)") }
        var result: [String] = []
        for element in array {
            guard let text = element.string else {
                throw failure(key, "must be an array of strings; found \(element.type)")
            }
            result.append(text)
        }
        return result
    }

    mutating func integer(_ key: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
        guard let value = value(key) else { return nil }
        guard let number = value.int else { throw failure(key, "must be an integer, not \(value.type)") }
        guard range.contains(number) else {
            throw failure(key, "must be \(range.lowerBound) to \(range.upperBound), not \(number)")
        }
        return number
    }

    mutating func bool(_ key: String) throws(ConfigurationError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard let flag = value.bool else { throw failure(key, "must be true or false, not \(value.type)") }
        return flag
    }

    mutating func table(_ key: String) throws(ConfigurationError) -> TOMLReader? {
        guard let value = value(key) else { return nil }
        guard let nested = value.table else { throw failure(key, "must be a table, not \(value.type)") }
        return TOMLReader(table: nested, lines: lines, file: file, prefix: path(key) + ".")
    }

    /// Every key of the table not read so far is unknown: a typo must not pass silently.
    func rejectUnread() throws(ConfigurationError) {
        for key in table.keys.sorted() where !read.contains(key) {
            throw ConfigurationError(file: file, line: lines.line(of: path(key)), key: path(key), reason: "unknown key")
        }
    }

    private mutating func value(_ key: String) -> (any TOMLValueConvertible)? {
        read.insert(key)
        return table[key]
    }

    private func path(_ key: String) -> String { prefix + key }

    private func failure(_ key: String, _ reason: String) -> ConfigurationError {
        ConfigurationError(file: file, line: lines.line(of: path(key)), key: path(key), reason: reason)
    }
}
