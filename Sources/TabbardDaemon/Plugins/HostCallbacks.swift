import Glibc
import Synchronization
import TabbardPluginABI

/// What the host knows about one tab instance, behind the `struct tabbard_tab *` the plugin
/// passes to every host callback. Safe on any thread: immutable but for the `live` flag.
final class TabContext: Sendable {
    let plugin: String
    let tabID: String
    let sink: PluginEventSink
    let log: Log
    private let live = Atomic<Bool>(true)

    init(plugin: String, tabID: String, sink: @escaping PluginEventSink, log: Log) {
        self.plugin = plugin
        self.tabID = tabID
        self.sink = sink
        self.log = log
    }

    /// After destroy, callbacks for this tab are dropped (the ABI forbids them; a buggy
    /// plugin thread still must not reach the daemon with a dead tab).
    func close() { live.store(false, ordering: .releasing) }

    func deliver(_ change: PluginTabEvent.Change) {
        guard live.load(ordering: .acquiring) else { return }
        sink(PluginTabEvent(plugin: plugin, tabID: tabID, change: change))
    }

    /// The context behind a `tab` pointer. The host keeps every context alive for the life
    /// of the process (see `PluginTab.destroy`), so a late callback finds a closed context,
    /// never freed memory.
    static func from(_ tab: OpaquePointer?) -> TabContext? {
        tab.map { Unmanaged<TabContext>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }

    var pointer: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }
}

/// Who a plugin's `log` callback speaks for: behind `host_data` of that plugin's host table.
final class PluginVoice: Sendable {
    let plugin: String
    let log: Log

    init(plugin: String, log: Log) {
        self.plugin = plugin
        self.log = log
    }
}

/// The host's half of the ABI: one `struct tabbard_host` per plugin, whose callbacks turn
/// C calls from any plugin thread into `PluginTabEvent`s.
enum HostCallbacks {
    /// A host table for `plugin`, allocated for good (the ABI promises it outlives the plugin).
    static func table(plugin: String, log: Log) -> UnsafePointer<tabbard_host> {
        let voice = Unmanaged.passRetained(PluginVoice(plugin: plugin, log: log)).toOpaque()
        let table = UnsafeMutablePointer<tabbard_host>.allocate(capacity: 1)
        table.initialize(to: tabbard_host(
            struct_size: UInt32(MemoryLayout<tabbard_host>.size),
            abi_major: UInt32(TABBARD_PLUGIN_ABI_MAJOR),
            abi_minor: UInt32(TABBARD_PLUGIN_ABI_MINOR),
            host_data: voice,
            set_badge: { tab, value in
                guard let context = TabContext.from(tab) else { return }
                guard let value else { return context.deliver(.badge(nil)) }
                if let text = HostCallbacks.decode(value, context, "set_badge") { context.deliver(.badge(text)) }
            },
            set_badge_color: { tab, color in
                guard let context = TabContext.from(tab), let text = HostCallbacks.decode(color, context, "set_badge_color") else { return }
                context.deliver(.badgeColor(text))
            },
            set_title: { tab, title in
                guard let context = TabContext.from(tab), let text = HostCallbacks.decode(title, context, "set_title") else { return }
                context.deliver(.title(text))
            },
            set_enabled: { tab, enabled in
                TabContext.from(tab)?.deliver(.enabled(enabled))
            },
            content_changed: { tab in
                TabContext.from(tab)?.deliver(.contentChanged)
            },
            push_page: { tab, page in
                guard let context = TabContext.from(tab), let text = HostCallbacks.decode(page, context, "push_page") else { return }
                context.deliver(.pushPage(text))
            },
            log: { host, level, message in
                guard let data = host?.pointee.host_data, let message else { return }
                let voice = Unmanaged<PluginVoice>.fromOpaque(data).takeUnretainedValue()
                // A log line is better kept than dropped: invalid UTF-8 is repaired (U+FFFD),
                // not refused, which is what String(cString:) does.
                let text = String(cString: message)
                voice.log.log(LogLevel(rawValue: Int(level)) ?? .info, "plugin \(voice.plugin): \(text)")
            }
        ))
        return UnsafePointer(table)
    }

    /// A callback's string argument as Swift text; NULL or invalid UTF-8 is logged and dropped.
    fileprivate static func decode(_ text: UnsafePointer<CChar>?, _ context: TabContext, _ callback: String) -> String? {
        guard let text else {
            context.log.warning("plugin \(context.plugin): \(callback) for tab \(context.tabID) passed NULL; ignored")
            return nil
        }
        guard let string = String(validatingCString: text) else {
            context.log.warning("plugin \(context.plugin): \(callback) for tab \(context.tabID) passed text that is not UTF-8; ignored")
            return nil
        }
        return string
    }
}
