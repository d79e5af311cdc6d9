/// One tab's content, written by a plugin author: one conforming class per tab id.
///
/// The host calls every requirement on its loop thread, one call at a time, so a conforming
/// class needs no locking for state that only these methods touch. State that a thread of
/// the plugin also touches (a `Ticker`'s handler) must be `Sendable`, e.g. behind a `Mutex`.
/// Only the id, `init(host:)` and `render(page:)` are required; everything else has a default.
public protocol TabContent: AnyObject {
    /// The tab id this type provides, exactly as in the plugin's manifest.
    static var id: String { get }

    /// Creates the tab's content. `host` is how it talks back: badge, title, content changes.
    init(host: TabHost)

    /// The handle given to `init(host:)`; the badge/title conveniences go through it.
    var host: TabHost { get }

    /// Pages besides the root page that `navigate(to:)` accepts by default.
    var pages: [String] { get }

    /// The content of `page` (the root page, or one navigated to).
    func render(page: String) -> PageContent

    /// What `activate(_:)` accepts now.
    var actions: [String] { get }

    /// Performs one of `actions`; returns whether it was performed.
    func activate(_ action: String) -> Bool

    /// A client navigates to `page`; returns whether the page is known (then it is pushed).
    func navigate(to page: String) -> Bool
    /// The top page was popped.
    func back()
    /// The navigation stack was popped back to the root page.
    func popToRoot()

    /// The tab is about to be shown.
    func willAppear()
    /// The tab is shown: start live updates here.
    func didAppear()
    /// The tab is about to be hidden.
    func willDisappear()
    /// The tab is hidden: stop live updates here.
    func didDisappear()

    /// The host is destroying the tab: stop every thread that could still call the host.
    func close()

    /// The controller's locale changed to `locale` (PAGE-5; also told once after `init`): the
    /// host renders the page again afterwards, so there is no need to call `contentChanged()`.
    func localeChanged(to locale: String)
}

extension TabContent {
    /// No pages besides the root page.
    public var pages: [String] { [] }
    /// No actions.
    public var actions: [String] { [] }
    /// Performs nothing.
    public func activate(_ action: String) -> Bool { false }
    /// Accepts the pages listed in `pages`.
    public func navigate(to page: String) -> Bool { pages.contains(page) }
    /// Nothing to do.
    public func back() {}
    /// Nothing to do.
    public func popToRoot() {}
    /// Nothing to do.
    public func willAppear() {}
    /// Nothing to do.
    public func didAppear() {}
    /// Nothing to do.
    public func willDisappear() {}
    /// Nothing to do.
    public func didDisappear() {}
    /// Nothing to do.
    public func close() {}
    /// Nothing to do: `locale` says it when rendering.
    public func localeChanged(to locale: String) {}
}

// MARK: - Talking to the host from a tab

extension TabContent {
    /// The tab's badge: nil for none, `""` for a dot, else its text. Setting it tells the host.
    public var badge: String? {
        get { host.badge }
        set { host.badge = newValue }
    }

    /// The badge color, `#RRGGBB` or `""` for the default. Setting it tells the host.
    public var badgeColor: String {
        get { host.badgeColor }
        set { host.badgeColor = newValue }
    }

    /// Whether the tab can be tapped. Setting it tells the host.
    public var isEnabled: Bool {
        get { host.isEnabled }
        set { host.isEnabled = newValue }
    }

    /// The controller's locale (PAGE-5): render titles, rows and action labels in it.
    public var locale: String { host.locale }

    /// Tells the host the content changed, so that it renders it again when asked.
    public func contentChanged() { host.contentChanged() }

    /// Pushes `page` onto the tab's navigation stack, as if a client navigated there.
    public func push(page: String) { host.push(page: page) }

    /// Writes a line to the host's log, prefixed with the tab id.
    public func log(_ level: PluginLogLevel = .info, _ message: String) {
        host.log(level, "\(Self.id): \(message)")
    }
}
