import DaemonBase
import Glibc
import TabModel
import TabbardPluginABI

/// What the host knows about one tab instance, behind the `struct tabbard_tab *` handle the
/// plugin passes to every host callback (`HostHandles`). Safe on any thread: immutable.
final class TabContext: Sendable {
    let plugin: String
    let tabID: String
    let sink: PluginEventSink
    let log: Log
    /// The plugin's allowance of callbacks, in the daemon; nil in a helper, whose link has one.
    let allowance: PluginCallbackAllowance?

    init(
        plugin: String, tabID: String, sink: @escaping PluginEventSink, log: Log,
        allowance: PluginCallbackAllowance? = nil
    ) {
        self.plugin = plugin
        self.tabID = tabID
        self.sink = sink
        self.log = log
        self.allowance = allowance
    }

    func deliver(_ change: PluginTabEvent.Change) {
        sink(PluginTabEvent(plugin: plugin, tabID: tabID, change: change))
    }

    /// The live context behind a `tab` handle, or nil: after destroy a callback is dropped (the
    /// ABI forbids it; a buggy plugin thread still must not reach the daemon with a dead tab),
    /// a handle the host never made is logged, naming `callback`, and dropped, and so is a
    /// callback past its plugin's allowance, quietly (the flood is logged once).
    static func from(_ tab: OpaquePointer?, _ callback: String) -> TabContext? {
        switch HostHandles.shared.tab(tab) {
        case .live(let context): return context.allowance?.admits() == false ? nil : context
        case .destroyed: return nil
        case .unknown:
            HostHandles.shared.refuse(callback, "a tab handle", UnsafeRawPointer(tab))
            return nil
        }
    }
}

/// Who a plugin's `log` callback speaks for: the plugin its host table was made for, and
/// that plugin's allowance of callbacks in the daemon (nil in a helper).
final class PluginVoice: Sendable {
    let plugin: String
    let log: Log
    let allowance: PluginCallbackAllowance?

    init(plugin: String, log: Log, allowance: PluginCallbackAllowance? = nil) {
        self.plugin = plugin
        self.log = log
        self.allowance = allowance
    }
}

/// The host's half of the ABI: one `struct tabbard_host` per plugin, whose callbacks turn
/// C calls from any plugin thread into `PluginTabEvent`s. Every handle is looked up before
/// use (`HostHandles`), and every string read no further than its limit (`PluginText`).
enum HostCallbacks {
    /// A host table for `plugin`, allocated for good (the ABI promises it outlives the plugin);
    /// its callbacks are held to `allowance` when given (a plugin loaded into the daemon).
    static func table(plugin: String, log: Log, allowance: PluginCallbackAllowance? = nil) -> UnsafePointer<
        tabbard_host
    > {
        let voice = PluginVoice(plugin: plugin, log: log, allowance: allowance)
        let table = UnsafeMutablePointer<tabbard_host>.allocate(capacity: 1)
        table.initialize(
            to: tabbard_host(
                struct_size: UInt32(MemoryLayout<tabbard_host>.size),
                abi_major: UInt32(TABBARD_PLUGIN_ABI_MAJOR),
                abi_minor: UInt32(TABBARD_PLUGIN_ABI_MINOR),
                host_data: Unmanaged.passRetained(voice).toOpaque(),
                set_badge: { tab, value in
                    guard let context = TabContext.from(tab, "set_badge") else { return }
                    guard let value else { return context.deliver(.badge(nil)) }
                    if let text = HostCallbacks.read(value, .badge, context, "set_badge") {
                        context.deliver(.badge(text))
                    }
                },
                set_badge_color: { tab, color in
                    guard let context = TabContext.from(tab, "set_badge_color"),
                        let text = HostCallbacks.read(color, .badgeColor, context, "set_badge_color")
                    else { return }
                    context.deliver(.badgeColor(text))
                },
                set_title: { tab, title in
                    guard let context = TabContext.from(tab, "set_title"),
                        let text = HostCallbacks.read(title, .title, context, "set_title")
                    else { return }
                    context.deliver(.title(text))
                },
                set_enabled: { tab, enabled in
                    TabContext.from(tab, "set_enabled")?.deliver(.enabled(enabled))
                },
                content_changed: { tab in
                    TabContext.from(tab, "content_changed")?.deliver(.contentChanged)
                },
                push_page: { tab, page in
                    guard let context = TabContext.from(tab, "push_page"),
                        let text = HostCallbacks.read(page, .page, context, "push_page")
                    else { return }
                    context.deliver(.pushPage(text))
                },
                log: { host, level, message in
                    guard let voice = HostHandles.shared.voice(of: host) else {
                        return HostHandles.shared.refuse("log", "a host table", host.map(UnsafeRawPointer.init))
                    }
                    guard let message, voice.allowance?.admits() != false else { return }
                    voice.log.log(
                        LogLevel(rawValue: Int(level)) ?? .info,
                        "plugin \(voice.plugin): \(PluginText.logLine(message))")
                },
                set_icon_name: { tab, icon, selected in
                    guard let context = TabContext.from(tab, "set_icon_name") else { return }
                    do {
                        // NULL reads as "" (the header says so); past 255 bytes or not UTF-8 is refused.
                        let names = (
                            try icon.map { text throws(PluginText.Refusal) in try PluginText.read(text, for: .iconName)
                            } ?? "",
                            try selected.map { text throws(PluginText.Refusal) in
                                try PluginText.read(text, for: .iconName)
                            } ?? ""
                        )
                        context.deliver(.iconNames(icon: names.0, selected: names.1))
                    } catch {
                        context.deliver(.iconRefused("set_icon_name passed \(error)"))
                    }
                },
                set_icon_pixmaps: { tab, pixmaps, count in
                    guard let context = TabContext.from(tab, "set_icon_pixmaps") else { return }
                    context.deliver(HostCallbacks.pixmaps(pixmaps, count: count))
                }
            ))
        HostHandles.shared.register(table: table, for: voice)
        return UnsafePointer(table)
    }

    /// What `set_icon_pixmaps` was given: the pixmaps copied, or, when their sizes break ICON-3
    /// (checked before a byte is copied: 5 sizes of 4096² would be 320 MiB), the refusal.
    fileprivate static func pixmaps(_ start: UnsafePointer<tabbard_icon_pixmap>?, count: UInt32)
        -> PluginTabEvent.Change
    {
        guard count > 0 else { return .iconPixmaps([]) }
        guard let start else { return .iconRefused("set_icon_pixmaps passed NULL for \(count) pixmaps") }
        let given = UnsafeBufferPointer(start: start, count: Int(min(count, UInt32(IconPixmap.maximumCount + 1))))
        do throws(TabError) {
            try IconPixmap.validate(
                count: Int(count), sizes: given.lazy.map { (width: $0.width, height: $0.height, bytes: Int($0.length)) }
            )
        } catch {
            return .iconRefused(
                "set_icon_pixmaps passed pixmaps it may not: \(error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message)"
            )
        }
        var copied: [IconPixmap] = []
        for pixmap in given {
            guard let argb = pixmap.argb else { return .iconRefused("set_icon_pixmaps passed a pixmap without pixels") }
            copied.append(
                IconPixmap(
                    width: pixmap.width, height: pixmap.height,
                    argb: Array(UnsafeBufferPointer(start: argb, count: Int(pixmap.length)))))
        }
        return .iconPixmaps(copied)
    }

    /// A callback's string argument for `field`; NULL, text over the field's limit and text
    /// that is not UTF-8 are logged and refused.
    fileprivate static func read(
        _ text: UnsafePointer<CChar>?, _ field: PluginText.Field, _ context: TabContext, _ callback: String
    ) -> String? {
        do {
            return try PluginText.read(text, for: field)
        } catch {
            context.log.warning(
                "plugin \(context.plugin): \(callback) for tab \(context.tabID) passed \(error); refused")
            return nil
        }
    }
}
