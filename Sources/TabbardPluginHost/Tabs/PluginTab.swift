import Glibc
import TabbardPluginABI

/// A rendered page as the daemon publishes it (`GetContent`, and `GetPage` with its rows and
/// action labels, PAGE-1); a plugin of ABI 1.0 or 1.1 gives text alone.
public struct PluginContent: Sendable, Equatable {
    /// The page's title.
    public var title: String
    /// The body's MIME type.
    public var mimeType: String
    /// The body text: the page's `text`.
    public var body: String
    /// The page's rows, at most `maximumRows`.
    public var rows: [PluginPageRow]
    /// The labels of the tab's actions the plugin named.
    public var actionLabels: [PluginActionLabel]
    /// Whether the plugin gave more than `maximumRows` rows, of which the last were left (PAGE-2).
    public var rowsCut: Bool

    /// The most rows a page keeps (PAGE-2).
    public static let maximumRows = 1000

    /// A page with these parts.
    public init(
        title: String, mimeType: String, body: String, rows: [PluginPageRow] = [],
        actionLabels: [PluginActionLabel] = [], rowsCut: Bool = false
    ) {
        self.title = title
        self.mimeType = mimeType
        self.body = body
        self.rows = rows
        self.actionLabels = actionLabels
        self.rowsCut = rowsCut
    }
}

/// A plugin call that reported failure; maps onto the D-Bus error `PluginFailed`.
public struct PluginCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The plugin called.
    public var plugin: String
    /// The tab whose instance was called.
    public var tabID: String
    /// The ABI function that failed (`render`, `actions`).
    public var function: String
    /// What went wrong, after the function and tab: "failed", or what was refused.
    public var reason: String

    /// A failure of `function` for `tabID` of `plugin`.
    public init(plugin: String, tabID: String, function: String, reason: String = "failed") {
        self.plugin = plugin
        self.tabID = tabID
        self.function = function
        self.reason = reason
    }

    /// One line naming the plugin, the function and the tab.
    public var description: String { "plugin \(plugin): \(function) for tab \(tabID) \(reason)" }
}

/// One tab instance of a plugin, as the daemon drives it from its loop thread: lifecycle,
/// navigation, rendering and actions. Every call is timed (see `PluginModule.timed`), and
/// what the plugin owns is copied before the call returns.
public final class PluginTab {
    /// The tab as its manifest declares it.
    public let declaration: PluginTabDeclaration
    /// The tab id.
    public var id: String { declaration.id }
    /// The plugin's name.
    public var plugin: String { module.name }

    let module: PluginModule
    let instance: UnsafeMutableRawPointer
    /// The instance's `struct tabbard_tab *`, live until destroy returns.
    private let handle: OpaquePointer
    private(set) var destroyed = false

    init(
        declaration: PluginTabDeclaration, module: PluginModule, instance: UnsafeMutableRawPointer,
        handle: OpaquePointer
    ) {
        self.declaration = declaration
        self.module = module
        self.instance = instance
        self.handle = handle
    }

    deinit { destroy() }

    // MARK: Lifecycle

    /// The tab is about to be shown.
    public func willAppear() { call("will_appear", module.table.will_appear) }
    /// The tab is shown: live content starts ticking.
    public func didAppear() { call("did_appear", module.table.did_appear) }
    /// The tab is about to be hidden.
    public func willDisappear() { call("will_disappear", module.table.will_disappear) }
    /// The tab is hidden: live content stops ticking.
    public func didDisappear() { call("did_disappear", module.table.did_disappear) }

    /// Tells the plugin a lifecycle or navigation notice, as the link names it.
    func notice(_ notice: PluginLinkNotice) {
        switch notice {
        case .willAppear: willAppear()
        case .didAppear: didAppear()
        case .willDisappear: willDisappear()
        case .didDisappear: didDisappear()
        case .back: back()
        case .popToRoot: popToRoot()
        }
    }

    // MARK: Navigation (NAV-2; the stack itself is the daemon's)

    /// Asks whether `page` is known and tells the plugin it is pushed. Without a `navigate`
    /// function only the root page is known.
    public func navigate(to page: String) -> Bool {
        guard !destroyed else { return false }
        guard let navigate = module.table.navigate else { return page == declaration.rootPage }
        return module.timed("navigate", tab: id) { page.withCString { navigate(instance, $0) } }
    }

    /// Tells the plugin the top page was popped.
    public func back() { call("back", module.table.back) }
    /// Tells the plugin the stack was popped to its root page.
    public func popToRoot() { call("pop_to_root", module.table.pop_to_root) }

    // MARK: Content and actions

    /// The content of `page`, copied out of the plugin. Text over its limit (docs/plugins.md,
    /// Limits) is a failure, logged, never published.
    public func render(page: String) throws(PluginCallError) -> PluginContent {
        if module.table.render_page != nil { return try renderPage(page) }
        guard !destroyed, let render = module.table.render else { throw failure("render") }
        let rendered = module.timed("render", tab: id) {
            page.withCString { pageText -> Result<PluginContent, PluginCallError> in
                var content = tabbard_content()
                guard render(instance, pageText, &content) else { return .failure(failure("render")) }
                // Copy, then release: the strings are the plugin's until release is called.
                // Copying while `page` is still alive also forgives a plugin that echoes it.
                defer { content.release?(&content) }
                do throws(PluginText.Refusal) {
                    return .success(
                        PluginContent(
                            title: try Self.text(content.title, .title) ?? "",
                            mimeType: try Self.text(content.mime_type, .mimeType) ?? "text/plain",
                            body: try Self.text(content.body, .body) ?? ""))
                } catch {
                    return .failure(refused("render", error))
                }
            }
        }
        return try rendered.get()
    }

    /// What `activate` accepts now; empty for a plugin without an `actions` function.
    public func actions() throws(PluginCallError) -> [String] {
        guard !destroyed else { throw failure("actions") }
        guard let actions = module.table.actions else { return [] }
        var list = tabbard_actions()
        let ok = module.timed("actions", tab: id) { actions(instance, &list) }
        defer { list.release?(&list) }
        guard ok else { throw failure("actions") }
        guard list.count > 0 else { return [] }
        guard let names = list.names, list.count <= Self.maximumActions else { throw failure("actions") }
        var copied: [String] = []
        for index in 0..<Int(list.count) {
            do throws(PluginText.Refusal) {
                if let name = try Self.text(names[index], .action) { copied.append(name) }
            } catch {
                throw refused("actions", error)
            }
        }
        return copied
    }

    /// Performs `action`; returns whether the plugin performed it.
    public func activate(_ action: String) -> Bool {
        guard !destroyed, let activate = module.table.activate else { return false }
        return module.timed("activate", tab: id) { action.withCString { activate(instance, $0) } }
    }

    /// Destroys the instance; later calls do nothing, and callbacks for it are dropped.
    public func destroy() {
        guard !destroyed else { return }
        destroyed = true
        module.timed("destroy", tab: id) { module.table.destroy?(instance) }
        HostHandles.shared.retire(handle)
    }

    // MARK: Details

    /// More actions than this is a plugin bug, not a list to publish.
    static let maximumActions: UInt32 = 1024

    private func call(_ function: String, _ pointer: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) {
        guard !destroyed, let pointer else { return }
        module.timed(function, tab: id) { pointer(instance) }
    }

    func failure(_ function: String) -> PluginCallError {
        PluginCallError(plugin: plugin, tabID: id, function: function)
    }

    /// The failure of a call that returned text the host refuses, logged.
    func refused(_ function: String, _ refusal: PluginText.Refusal) -> PluginCallError {
        let error = PluginCallError(plugin: plugin, tabID: id, function: function, reason: "returned \(refusal)")
        module.log.warning("\(error); refused")
        return error
    }

    /// Plugin text for `field` as a Swift string, nil for NULL; invalid UTF-8 is repaired, since
    /// D-Bus needs valid text.
    static func text(_ pointer: UnsafePointer<CChar>?, _ field: PluginText.Field) throws(PluginText.Refusal) -> String?
    {
        guard pointer != nil else { return nil }
        return try PluginText.read(pointer, for: field, repairing: true)
    }
}
