import Synchronization
import TabbardPluginABI

/// A tab's line to the host: the host callbacks of the C ABI as properties and methods.
///
/// Safe to use from any thread (the ABI allows host callbacks from any plugin thread). Once
/// the host destroys the tab, every call becomes a no-op, so a late tick from a plugin
/// thread can never reach the host with a dead tab pointer.
public final class TabHost: Sendable {
    /// The tab id the host created this tab for.
    public let tabID: String

    // The host's tables live for the whole process (ABI rule); the tab pointer until destroy,
    // which `invalidate()` guards.
    private nonisolated(unsafe) let host: UnsafePointer<tabbard_host>
    private nonisolated(unsafe) let tab: OpaquePointer?
    private let state: Mutex<State>

    private struct State {
        var live = true
        var badge: String?
        var badgeColor = ""
        var isEnabled = true
    }

    init(tabID: String, host: UnsafePointer<tabbard_host>, tab: OpaquePointer?) {
        self.tabID = tabID
        self.host = host
        self.tab = tab
        self.state = Mutex(State())
    }

    /// The badge this tab last set: nil for none, `""` for a dot badge, else its text.
    public var badge: String? {
        get { state.withLock { $0.badge } }
        set {
            // The lock is held across the call so that destroy cannot slip in between.
            state.withLock { state in
                guard state.live, let setBadge = host.pointee.set_badge else { return }
                state.badge = newValue
                if let newValue {
                    newValue.withCString { setBadge(tab, $0) }
                } else {
                    setBadge(tab, nil)
                }
            }
        }
    }

    /// The badge color this tab last set: `#RRGGBB`, or `""` for the default.
    public var badgeColor: String {
        get { state.withLock { $0.badgeColor } }
        set {
            state.withLock { state in
                guard state.live, let setColor = host.pointee.set_badge_color else { return }
                state.badgeColor = newValue
                newValue.withCString { setColor(tab, $0) }
            }
        }
    }

    /// Whether the tab can be tapped, as this tab last set it.
    public var isEnabled: Bool {
        get { state.withLock { $0.isEnabled } }
        set {
            state.withLock { state in
                guard state.live, let setEnabled = host.pointee.set_enabled else { return }
                state.isEnabled = newValue
                setEnabled(tab, newValue)
            }
        }
    }

    /// Replaces the tab's title (the manifest's localized titles stop applying).
    public func setTitle(_ title: String) {
        call { host, tab in title.withCString { host.set_title?(tab, $0) } }
    }

    /// Tells the host the content changed, so that it renders it again when asked.
    public func contentChanged() {
        call { host, tab in host.content_changed?(tab) }
    }

    /// Pushes `page` onto the tab's navigation stack, as if a client navigated there.
    public func push(page: String) {
        call { host, tab in page.withCString { host.push_page?(tab, $0) } }
    }

    /// Writes a line to the host's log, attributed to the plugin.
    public func log(_ level: PluginLogLevel, _ message: String) {
        call { host, _ in message.withCString { host.log?(self.host, level.rawValue, $0) } }
    }

    /// Makes every later call a no-op; called before the host's destroy returns.
    func invalidate() {
        state.withLock { $0.live = false }
    }

    private func call(_ body: (tabbard_host, OpaquePointer?) -> Void) {
        state.withLock { state in
            guard state.live else { return }
            body(host.pointee, tab)
        }
    }
}
