import DBus

/// One thing `tabctl` was asked to do, parsed from its command line.
enum Request: Equatable {
    /// Draw the bar and the shown content; with `follow`, redraw on every change.
    case show(follow: Bool)
    /// One line per tab.
    case list
    /// One property of the controller, shell-friendly.
    case get(property: String)
    /// `Select`.
    case select(id: String)
    /// `SelectIndex`.
    case selectIndex(Int32)
    /// `Tap`.
    case tap(item: String)
    /// `SelectMore`.
    case more
    /// `SetTabs`.
    case setTabs([String])
    /// `AddTab`; position -1 appends.
    case addTab(id: String, position: Int32)
    /// `RemoveTab`.
    case removeTab(id: String)
    /// `Customize`: a whole session in one call.
    case customize([String])
    /// `SetCustomizable`.
    case customizable([String])
    /// `SetBadge`, `SetBadge` with "" (dot), or `ClearBadge`.
    case badge(id: String, value: BadgeChange)
    /// `SetBadgeColor`.
    case badgeColor(id: String, color: String)
    /// `SetEnabled`.
    case enable(id: String, enabled: Bool)
    /// `Navigate`.
    case navigate(id: String, page: String)
    /// `Back`.
    case back(id: String)
    /// `PopToRoot`.
    case popToRoot(id: String)
    /// `Activate`.
    case activate(id: String, action: String)
    /// Set one appearance property (`tint-color #FF9500`).
    case appearance(key: String, value: String)
    /// `SetOrientation`.
    case orientation(String)
    /// Print events as they happen.
    case follow
    /// Act as the delegate.
    case delegate(DelegateRules)
    /// `Reset`.
    case reset
    /// `Describe`.
    case describe
    /// Print a shell completion script.
    case completions(shell: String)
    /// Print help, for one command or all.
    case help(command: String?)
    /// Print the version.
    case version
}

/// What `badge` does to a tab's badge (ITEM-4).
enum BadgeChange: Equatable {
    /// Show this text.
    case text(String)
    /// Show a dot badge.
    case dot
    /// Remove the badge.
    case clear
}

/// How `tabctl delegate` answers `ShouldSelect`.
struct DelegateRules: Equatable {
    /// Items to refuse.
    var deny: [String] = []
    /// When non-empty, the only items to allow.
    var allowOnly: [String] = []
    /// A command run with the item as its argument; exit status 0 allows.
    var exec: String?
}

/// The whole parsed command line: global options and the request.
struct Invocation: Equatable {
    /// Where the daemon is.
    var bus: Connection.Bus = .session
    /// `--json`: machine-readable output.
    var json = false
    /// `--timeout MS`: how long to wait for each reply.
    var timeoutMs: Int32 = 25_000
    /// What to do.
    var request: Request = .help(command: nil)
}
