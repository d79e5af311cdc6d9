import DaemonBase
import TabModel
import TabbardPluginHost

extension DaemonConfiguration {
    /// Parses `tabbard.toml` text. `file` names it in errors.
    public init(toml text: String, file: String) throws(ConfigurationError) {
        try self.init(toml: Array(text.utf8), file: file)
    }

    /// Parses the bytes of `tabbard.toml`. `file` names it in errors. Bytes that are not text
    /// (a NUL, malformed UTF-8) and TOML syntax errors name the line and column; unknown keys,
    /// values of the wrong type and values the model refuses (ids, colors, ranges) name the
    /// line and the key.
    public init(toml bytes: [UInt8], file: String) throws(ConfigurationError) {
        self.init()
        var reader = try TableReader(document: bytes, file: file)
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
        if let value = try reader.integer(
            "delegate_timeout_ms", in: Int(timeouts.lowerBound)...Int(timeouts.upperBound))
        {
            controller.delegateTimeoutMs = UInt32(value)
        }
        controller.delegateTimeoutPolicy =
            try reader.parsed("delegate_timeout_policy", DelegateTimeoutPolicy.init(validating:))
            ?? controller.delegateTimeoutPolicy
        adminGroup = try reader.string("admin_group") ?? adminGroup
        stateDirectory = try reader.string("state_dir")
        flushIntervalMs = try reader.integer("flush_interval_ms", in: 1...60000) ?? flushIntervalMs
        customizationTimeoutSeconds =
            try reader.integer("customization_timeout_s", in: 1...86400) ?? customizationTimeoutSeconds
        if var section = try reader.table("appearance") {
            var look = controller.appearance
            look.barStyle = try section.parsed("bar_style", BarStyle.init(validating:)) ?? look.barStyle
            look.barTintColor = try section.string("bar_tint_color", ColorValue.validate) ?? look.barTintColor
            look.tintColor = try section.string("tint_color", ColorValue.validate) ?? look.tintColor
            look.unselectedItemTintColor =
                try section.string("unselected_item_tint_color", ColorValue.validate) ?? look.unselectedItemTintColor
            look.translucent = try section.bool("translucent") ?? look.translucent
            look.backgroundImage = try section.string("background_image", ImageName.validate) ?? look.backgroundImage
            look.shadowImage = try section.string("shadow_image", ImageName.validate) ?? look.shadowImage
            look.selectionIndicatorImage =
                try section.string("selection_indicator_image", ImageName.validate) ?? look.selectionIndicatorImage
            controller.appearance = look.normalized
            try section.rejectUnread()
        }
        if var section = try reader.table("plugin", "a table of [plugin.NAME] tables") {
            for name in section.keys.sorted() {
                guard TabIdentifier.isValid(name) else {
                    throw section.failure(
                        name, "'\(name)' is not a valid plugin name (letters, digits, '.', '_', '-'; at most 64)")
                }
                guard var settings = try section.table(name) else { continue }
                pluginSettings[name] = PluginSettings(
                    isolation: try settings.parsed("isolation", PluginIsolation.init(validating:)))
                try settings.rejectUnread()
            }
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
        try self.init(toml: bytes, file: path)
    }
}
