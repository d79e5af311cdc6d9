/// The configured starting point of a controller: what `Reset` returns to (STATE-5) and what a
/// snapshot remembers it was built from (STATE-2). Plain values; `validate()` checks ranges.
public struct ControllerConfiguration: Equatable, Codable, Sendable {
    /// The range `MaxVisible` accepts (MORE-1, MORE-4, ERR-1).
    public static let maxVisibleRange = 2...64
    /// The range `DelegateTimeoutMs` accepts (ERR-1).
    public static let delegateTimeoutRange: ClosedRange<UInt32> = 10...20_000
    /// The delegate timeout when none is configured, in milliseconds.
    public static let defaultDelegateTimeoutMs: UInt32 = 1_000

    /// Initial order of `Tabs`; nil means every catalog tab in catalog order. Ids the catalog
    /// lacks are left out (a warning, not an error).
    public var tabs: [String]?
    /// The tab selected at start when nothing is restored (SEL-7).
    public var selected: String?
    /// The customizable subset; nil means all tabs (CUST-1).
    public var customizable: [String]?
    /// MORE-1.
    public var maxVisible: Int
    /// Bottom (More) or top (hidden overflow).
    public var layout: TabLayout
    /// Locale for titles and labels (L10N-1), e.g. `fr_CA.UTF-8`; the daemon puts `LANG` here
    /// when the configuration names none. Empty means the default titles.
    public var locale: String
    /// The `[appearance]` table.
    public var appearance: Appearance
    /// How long a tap waits for `ShouldSelect`.
    public var delegateTimeoutMs: UInt32
    /// TAP-5.
    public var delegateTimeoutPolicy: DelegateTimeoutPolicy

    /// A configuration; every argument defaults to the built-in default.
    public init(
        tabs: [String]? = nil,
        selected: String? = nil,
        customizable: [String]? = nil,
        maxVisible: Int = 5,
        layout: TabLayout = .bottom,
        locale: String = "",
        appearance: Appearance = Appearance(),
        delegateTimeoutMs: UInt32 = ControllerConfiguration.defaultDelegateTimeoutMs,
        delegateTimeoutPolicy: DelegateTimeoutPolicy = .allow
    ) {
        self.tabs = tabs
        self.selected = selected
        self.customizable = customizable
        self.maxVisible = maxVisible
        self.layout = layout
        self.locale = locale
        self.appearance = appearance
        self.delegateTimeoutMs = delegateTimeoutMs
        self.delegateTimeoutPolicy = delegateTimeoutPolicy
    }

    /// Throws `InvalidArgument` naming the first value out of range. Unknown tab ids are not
    /// errors here (they are dropped against the catalog); malformed ones are. O(tabs).
    public func validate() throws(TabError) {
        try Self.validateMaxVisible(maxVisible)
        try Self.validateDelegateTimeout(delegateTimeoutMs)
        try LocaleName.validate(locale)
        try appearance.validate()
        for id in (tabs ?? []) + (customizable ?? []) { try TabIdentifier.validate(id) }
        if let selected { try TabIdentifier.validate(selected) }
        if let tabs, tabs.count > TabController.maximumTabs {
            throw .invalidArgument("\(tabs.count) tabs configured; at most \(TabController.maximumTabs) are allowed.")
        }
    }

    /// Throws `InvalidArgument` unless `value` is in 2...64 (ERR-1).
    public static func validateMaxVisible(_ value: Int) throws(TabError) {
        guard maxVisibleRange.contains(value) else {
            throw .invalidArgument(
                "MaxVisible \(value) is outside \(maxVisibleRange.lowerBound)..\(maxVisibleRange.upperBound).")
        }
    }

    /// Throws `InvalidArgument` unless `value` is in 10...20000 (ERR-1).
    public static func validateDelegateTimeout(_ value: UInt32) throws(TabError) {
        guard delegateTimeoutRange.contains(value) else {
            throw .invalidArgument(
                "DelegateTimeoutMs \(value) is outside \(delegateTimeoutRange.lowerBound)..\(delegateTimeoutRange.upperBound)."
            )
        }
    }
}

/// POSIX locale names as `Locale` accepts them (`fr_CA.UTF-8`, `de_DE@euro`, `C`, or empty).
public enum LocaleName {
    /// Throws `InvalidArgument` unless `locale` is at most 64 bytes of `[A-Za-z0-9_.@-]`.
    public static func validate(_ locale: String) throws(TabError) {
        let allowed: (UInt8) -> Bool = { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "_.@-".utf8.contains(byte)
        }
        guard locale.utf8.count <= 64, locale.utf8.allSatisfy(allowed) else {
            throw .invalidArgument(
                "Invalid locale \(quoted: locale): expected a POSIX locale name such as fr_CA.UTF-8.")
        }
    }
}
