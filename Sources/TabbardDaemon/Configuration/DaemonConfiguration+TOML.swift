internal import TOMLKit
import TabModel

extension DaemonConfiguration {
    /// Parses `tabbard.toml` text. `file` names it in errors. Unknown keys, values of the wrong
    /// type and values the model refuses (ids, colors, ranges) are errors naming the line and key.
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
        controller.tabs = try reader.strings("tabs", each: TabIdentifier.validate)
        controller.selected = try reader.string("selected", TabIdentifier.validate)
        controller.customizable = try reader.strings("customizable", each: TabIdentifier.validate)
        if let value = try reader.integer("max_visible", in: ControllerConfiguration.maxVisibleRange) {
            controller.maxVisible = value
        }
        controller.layout = try reader.parsed("layout", TabLayout.init(validating:)) ?? controller.layout
        controller.locale = try reader.string("locale", LocaleName.validate) ?? controller.locale
        let timeouts = ControllerConfiguration.delegateTimeoutRange
        if let value = try reader.integer("delegate_timeout_ms", in: Int(timeouts.lowerBound)...Int(timeouts.upperBound)) {
            controller.delegateTimeoutMs = UInt32(value)
        }
        controller.delegateTimeoutPolicy =
            try reader.parsed("delegate_timeout_policy", DelegateTimeoutPolicy.init(validating:)) ?? controller.delegateTimeoutPolicy
        adminGroup = try reader.string("admin_group") ?? adminGroup
        stateDirectory = try reader.string("state_dir")
        flushIntervalMs = try reader.integer("flush_interval_ms", in: 1...60000) ?? flushIntervalMs
        customizationTimeoutSeconds = try reader.integer("customization_timeout_s", in: 1...86400) ?? customizationTimeoutSeconds
        if var section = try reader.table("appearance") {
            var look = controller.appearance
            look.barStyle = try section.parsed("bar_style", BarStyle.init(validating:)) ?? look.barStyle
            look.barTintColor = try section.string("bar_tint_color", ColorValue.validate) ?? look.barTintColor
            look.tintColor = try section.string("tint_color", ColorValue.validate) ?? look.tintColor
            look.unselectedItemTintColor = try section.string("unselected_item_tint_color", ColorValue.validate) ?? look.unselectedItemTintColor
            look.translucent = try section.bool("translucent") ?? look.translucent
            look.backgroundImage = try section.string("background_image", ImageName.validate) ?? look.backgroundImage
            look.shadowImage = try section.string("shadow_image", ImageName.validate) ?? look.shadowImage
            look.selectionIndicatorImage = try section.string("selection_indicator_image", ImageName.validate) ?? look.selectionIndicatorImage
            controller.appearance = look.normalized
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

    /// A string, checked by `check` (a model validator) when given.
    mutating func string(_ key: String, _ check: ((String) throws(TabError) -> Void)? = nil) throws(ConfigurationError) -> String? {
        try parsed(key) { (text: String) throws(TabError) -> String in
            try check?(text)
            return text
        }
    }

    /// A string turned into a value by `parse`, whose `TabError` becomes this key's error.
    mutating func parsed<T>(_ key: String, _ parse: (String) throws(TabError) -> T) throws(ConfigurationError) -> T? {
        guard let value = value(key) else { return nil }
        guard let text = value.string else { throw failure(key, "must be a string, not \(value.type)") }
        do {
            return try parse(text)
        } catch {
            throw failure(key, error.message)
        }
    }

    mutating func strings(_ key: String, each check: ((String) throws(TabError) -> Void)? = nil) throws(ConfigurationError) -> [String]? {
        guard let value = value(key) else { return nil }
        guard let array = value.array else { throw failure(key, "must be an array of strings, not \(value.type)") }
        var result: [String] = []
        for element in array {
            guard let text = element.string else {
                throw failure(key, "must be an array of strings; found \(element.type)")
            }
            do {
                try check?(text)
            } catch {
                throw failure(key, error.message)
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
