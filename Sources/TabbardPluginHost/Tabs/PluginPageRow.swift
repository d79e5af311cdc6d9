/// One row of a structured page (PAGE-1), copied out of the plugin: what a frontend draws as a
/// list entry, and what activating it does (navigate to `page`, or perform `action`).
public struct PluginPageRow: Sendable, Equatable {
    /// The row's id within its page.
    public var id: String
    /// The row's title, localized.
    public var title: String
    /// A second line; empty for none.
    public var detail: String
    /// An icon name; empty for none.
    public var icon: String
    /// The page activating the row navigates to; empty for none.
    public var page: String
    /// The action activating the row performs; empty for none.
    public var action: String
    /// A live value a frontend extrapolates (PAGE-3); nil for none.
    public var clock: PluginClock?

    /// A row with these parts.
    public init(
        id: String, title: String, detail: String = "", icon: String = "", page: String = "",
        action: String = "", clock: PluginClock? = nil
    ) {
        self.id = id
        self.title = title
        self.detail = detail
        self.icon = icon
        self.page = page
        self.action = action
        self.clock = clock
    }
}

/// A row's live value (PAGE-3): `value` microseconds at the `CLOCK_REALTIME` instant `at`
/// (microseconds), moving at `rate`; a frontend shows `value + rate × (now − at)`.
public struct PluginClock: Sendable, Equatable {
    /// How the value reads.
    public enum Format: String, Sendable, Equatable {
        /// A duration: a stopwatch, a timer.
        case duration
        /// Microseconds since local midnight where the row's detail says.
        case timeOfDay = "time-of-day"
    }

    /// The value in microseconds at `at`.
    public var value: Int64
    /// When `value` held: `CLOCK_REALTIME` in microseconds.
    public var at: Int64
    /// 1 running, −1 counting down, 0 stopped.
    public var rate: Int32
    /// How the value reads.
    public var format: Format

    /// A clock with these parts; a rate other than 1, −1 or 0 is taken as its sign.
    public init(value: Int64, at: Int64, rate: Int32, format: Format) {
        self.value = value
        self.at = at
        self.rate = rate.signum()
        self.format = format
    }
}
