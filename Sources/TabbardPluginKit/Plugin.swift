import Glibc
import TabbardPluginABI

/// A plugin as its author describes it: a name, a version and one `TabContent` type per tab.
///
/// Export it with one line in the plugin's module:
/// ```swift
/// @c(tabbard_plugin_entry_v1)
/// public func entry(_ hostABIMinor: UInt32, _ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
///     Plugin(name: "clock", version: "1.0.0", tabs: [WorldClock.self]).entry(hostABIMinor, host)
/// }
/// ```
public struct Plugin {
    /// The plugin's name; must equal the manifest's `name`.
    public var name: String
    /// The plugin's version, free text.
    public var version: String
    /// One type per tab id the manifest declares.
    public var tabs: [any TabContent.Type]

    /// A plugin named `name` offering `tabs`.
    public init(name: String, version: String, tabs: [any TabContent.Type]) {
        self.name = name
        self.version = version
        self.tabs = tabs
    }

    /// Builds the C table the entry point returns, or nil (the host then refuses the plugin)
    /// when `host` is missing or speaks another major version.
    ///
    /// The table and everything it points to live for the rest of the process: the host
    /// never unloads a plugin, and the ABI requires the table to stay valid.
    public func entry(_ hostABIMinor: UInt32, _ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
        guard let host = host?.assumingMemoryBound(to: tabbard_host.self),
            host.pointee.abi_major == UInt32(TABBARD_PLUGIN_ABI_MAJOR)
        else { return nil }
        let runtime = PluginRuntime(host: host, tabs: tabs)
        let table = UnsafeMutablePointer<tabbard_plugin>.allocate(capacity: 1)
        table.initialize(
            to: tabbard_plugin(
                struct_size: UInt32(MemoryLayout<tabbard_plugin>.size),
                abi_major: UInt32(TABBARD_PLUGIN_ABI_MAJOR),
                abi_minor: UInt32(TABBARD_PLUGIN_ABI_MINOR),
                name: UnsafePointer(strdup(name)),
                version: UnsafePointer(strdup(version)),
                user_data: Unmanaged.passRetained(runtime).toOpaque(),
                create: PluginRuntime.create,
                destroy: TabInstance.destroy,
                will_appear: { TabInstance.from($0)?.content.willAppear() },
                did_appear: { TabInstance.from($0)?.content.didAppear() },
                will_disappear: { TabInstance.from($0)?.content.willDisappear() },
                did_disappear: { TabInstance.from($0)?.content.didDisappear() },
                pop_to_root: { TabInstance.from($0)?.content.popToRoot() },
                navigate: TabInstance.navigate,
                back: { TabInstance.from($0)?.content.back() },
                render: TabInstance.render,
                actions: TabInstance.actions,
                activate: TabInstance.activate,
                render_page: TabInstance.renderPage,
                set_locale: TabInstance.setLocale
            ))
        return UnsafeRawPointer(table)
    }
}

/// What `user_data` points to: the tab types and the host table, kept alive for good.
final class PluginRuntime {
    let host: UnsafePointer<tabbard_host>
    let tabs: [any TabContent.Type]

    init(host: UnsafePointer<tabbard_host>, tabs: [any TabContent.Type]) {
        self.host = host
        self.tabs = tabs
    }

    static let create:
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
            userData, tabID, tab in
            guard let userData, let tabID else { return nil }
            let runtime = Unmanaged<PluginRuntime>.fromOpaque(userData).takeUnretainedValue()
            let id = String(cString: tabID)
            guard let type = runtime.tabs.first(where: { $0.id == id }) else { return nil }
            let handle = TabHost(tabID: id, host: runtime.host, tab: tab)
            let instance = TabInstance(content: type.init(host: handle), host: handle)
            return Unmanaged.passRetained(instance).toOpaque()
        }
}
