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
        var locale = ""
    }

    /// The controller's locale as the host last told it (PAGE-5): a POSIX name such as
    /// `fr_FR`, or `""` for the default language. Set by the host only.
    public internal(set) var locale: String {
        get { state.withLock { $0.locale } }
        set { state.withLock { $0.locale = newValue } }
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
        call { host, tab in title.withCString { host.pointee.set_title?(tab, $0) } }
    }

    /// Tells the host the content changed, so that it renders it again when asked.
    public func contentChanged() {
        call { host, tab in host.pointee.content_changed?(tab) }
    }

    /// Pushes `page` onto the tab's navigation stack, as if a client navigated there.
    public func push(page: String) {
        call { host, tab in page.withCString { host.pointee.push_page?(tab, $0) } }
    }

    /// Sets the tab's icon names (ICON-2), freedesktop names such as `alarm-symbolic`, which
    /// replace the manifest's `icon` and `selected_icon`; an empty `selected` means "use
    /// `name`". A name the host refuses (over 255 bytes, a control character, `/`, a tab with
    /// a system item) is logged and counted as the plugin's failure. Returns false on a host
    /// older than ABI 1.1, which has no such call.
    @discardableResult
    public func setIconName(_ name: String, selected: String = "") -> Bool {
        guard hostHas(\.set_icon_name) else { return false }
        call { host, tab in
            name.withCString { icon in selected.withCString { host.pointee.set_icon_name?(tab, icon, $0) } }
        }
        return true
    }

    /// Sets the icons the tab drew itself (ICON-3), one per size; an empty list removes them.
    /// At most 4, each square with a side of 1 to 256 and `width × height × 4` bytes: anything
    /// else is refused (the pixmaps set before stay) and counted as the plugin's failure.
    /// Returns false on a host older than ABI 1.1.
    @discardableResult
    public func setIconPixmaps(_ pixmaps: [IconPixmap]) -> Bool {
        guard hostHas(\.set_icon_pixmaps) else { return false }
        call { host, tab in
            // Each pixmap's bytes stay pinned while the host copies them.
            func pass(_ index: Int, _ made: [tabbard_icon_pixmap]) {
                guard index < pixmaps.count else {
                    made.withUnsafeBufferPointer {
                        host.pointee.set_icon_pixmaps?(tab, $0.baseAddress, UInt32($0.count))
                    }
                    return
                }
                let pixmap = pixmaps[index]
                pixmap.argb.withUnsafeBufferPointer { bytes in
                    pass(
                        index + 1,
                        made + [
                            tabbard_icon_pixmap(
                                width: pixmap.width, height: pixmap.height, argb: bytes.baseAddress,
                                length: UInt32(clamping: bytes.count))
                        ])
                }
            }
            pass(0, [])
        }
        return true
    }

    /// Writes a line to the host's log, attributed to the plugin.
    public func log(_ level: PluginLogLevel, _ message: String) {
        call { host, _ in message.withCString { host.pointee.log?(self.host, level.rawValue, $0) } }
    }

    /// Makes every later call a no-op; called before the host's destroy returns.
    func invalidate() {
        state.withLock { $0.live = false }
    }

    /// Runs `body` with the host table and the tab while the tab lives. The table is lent as
    /// a pointer, its fields read one by one: a host of an older minor hands out a smaller table
    /// than this header's, and copying the whole of it would read past its end.
    private func call(_ body: (UnsafePointer<tabbard_host>, OpaquePointer?) -> Void) {
        state.withLock { state in
            guard state.live else { return }
            body(host, tab)
        }
    }

    /// Whether the host's table has `field` (`TABBARD_HOST_HAS`): its `struct_size`, read
    /// alone, reaches past the field's end.
    private func hostHas(_ field: PartialKeyPath<tabbard_host>) -> Bool {
        guard let offset = MemoryLayout<tabbard_host>.offset(of: field) else { return false }
        let size = UnsafeRawPointer(host).load(as: UInt32.self)
        return offset + MemoryLayout<UnsafeRawPointer>.size <= Int(size)
    }
}
