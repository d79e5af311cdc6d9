/// A view's own settings (VIEW-1): each one it leaves out, or sets back to `""` (`0` for
/// `max_visible`), follows the controller's and keeps following it.
public struct ViewSettings: Equatable, Sendable {
    /// The keys of `OpenView`'s settings, each with its property on the view.
    public enum Key: String, CaseIterable, Sendable {
        /// `u`, 2–64.
        case maxVisible = "max_visible"
        /// `s`: `bottom` or `top`.
        case layout
        /// `s`: an ORI-1 name the tabs support.
        case orientation
        /// `s`: a POSIX locale name.
        case locale

        /// The view's property this key sets.
        public var property: PresentationProperty {
            switch self {
            case .maxVisible: .maxVisible
            case .layout: .layout
            case .orientation: .orientation
            case .locale: .locale
            }
        }

        /// The key of a setting property, nil for a property that is not a setting.
        public init?(_ property: PresentationProperty) {
            guard let key = Self.allCases.first(where: { $0.property == property }) else { return nil }
            self = key
        }
    }

    /// MORE-1, nil to follow the controller.
    public private(set) var maxVisible: Int?
    /// Nil to follow the controller.
    public private(set) var layout: TabLayout?
    /// Nil to follow the controller.
    public private(set) var orientation: Orientation?
    /// Nil to follow the controller.
    public private(set) var locale: String?

    /// Settings that follow the controller in everything.
    public init() {}

    /// The settings set, each by its key, in the order of `Key` (`Describe`).
    public var entries: [(key: Key, value: PropertyValue)] {
        var entries: [(key: Key, value: PropertyValue)] = []
        if let maxVisible { entries.append((.maxVisible, .uint32(UInt32(maxVisible)))) }
        if let layout { entries.append((.layout, .string(layout.rawValue))) }
        if let orientation { entries.append((.orientation, .string(orientation.rawValue))) }
        if let locale { entries.append((.locale, .string(locale))) }
        return entries
    }

    /// The settings a view presents with: its own, the controller's for the rest.
    public func resolved(over controller: PresentationSettings) -> PresentationSettings {
        var settings = controller
        if let maxVisible { settings.maxVisible = maxVisible }
        if let layout { settings.layout = layout }
        if let orientation { settings.orientation = orientation }
        if let locale { settings.locale = locale }
        return settings
    }

    /// The setting `key` made `value`, checked as the controller's own setting is (ERR-1,
    /// ORI-3). `""` (`0` for `max_visible`) follows the controller again; when `opening`
    /// (`OpenView`) only an empty locale does, and `max_visible` is 2–64 (VIEW-1). Throws `InvalidArgument` naming the key for a
    /// value of another type or out of range, `NotSupported` for an orientation some tab
    /// does not support (`supported`).
    public mutating func set(_ key: Key, to value: PropertyValue, supported: [Orientation], opening: Bool)
        throws(TabError)
    {
        switch (key, value) {
        case (.maxVisible, .uint32(0)) where !opening:
            maxVisible = nil
        case (.maxVisible, .uint32(let number)):
            guard ControllerConfiguration.maxVisibleRange.contains(Int(number)) else {
                throw .invalidArgument("Setting \(key.rawValue): \(number) is outside 2..64.")
            }
            maxVisible = Int(number)
        case (.layout, .string(let name)), (.orientation, .string(let name)), (.locale, .string(let name)):
            // At the opening an empty layout or orientation is no name; an empty locale, as
            // the opening leaves the locale out, follows the controller's.
            if name.isEmpty, !opening || key == .locale {
                follow(key)
                return
            }
            try set(key, named: name, supported: supported)
        default:
            throw .invalidArgument("Setting \(key.rawValue) cannot be \(value.offendingDescription).")
        }
    }

    /// Sets the text setting `key` to `name`, checked.
    private mutating func set(_ key: Key, named name: String, supported: [Orientation]) throws(TabError) {
        do throws(TabError) {
            switch key {
            case .layout: layout = try TabLayout(validating: name)
            case .orientation:
                let wanted = try Orientation(validating: name)
                guard supported.contains(wanted) else {
                    throw TabError.notSupported("Setting orientation: \(quoted: name) is not supported by every tab.")
                }
                orientation = wanted
            case .locale:
                try LocaleName.validate(name)
                locale = name
            case .maxVisible: break
            }
        } catch {
            guard case .invalidArgument(let message) = error else { throw error }
            throw .invalidArgument("Setting \(key.rawValue): \(message)")
        }
    }

    /// ORI-4: a set orientation that the tabs no longer support becomes `effective`, the
    /// first supported one, as the controller's own does.
    public mutating func keepSupported(_ effective: Orientation) {
        if let orientation, orientation != effective { self.orientation = effective }
    }

    /// Makes the setting `key` follow the controller.
    private mutating func follow(_ key: Key) {
        switch key {
        case .maxVisible: maxVisible = nil
        case .layout: layout = nil
        case .orientation: orientation = nil
        case .locale: locale = nil
        }
    }
}
