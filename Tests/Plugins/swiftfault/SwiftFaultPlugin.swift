import Dispatch
import Glibc
import TabbardPluginKit

/// A Swift plugin for the isolation tests, with one tab, `swiftfault-tab`, whose actions are
/// faults: `crash` (a Swift runtime trap), `abort`, `exit` (`exit(0)`), `hang` (never returns)
/// and `flood` (a thread of its own sets the badge and title and says the content changed as
/// fast as it can; the action waits for it, so only the flood can end it); `tick` is no fault:
/// a thread of its own says the content changed every 100 ms from then on, as live content
/// that cannot be extrapolated would. The fault is chosen
/// by the action: a plugin in a helper gets a clean environment, so no variable of the test's
/// could reach it, and one build serves every fault.
///
/// It keeps the navigation stack as it was told it and renders it (`stack: main/about`), so a
/// test can hold it against the daemon's; navigating to `slow` is logged, then takes a second.
/// It sets its icon names and a 1×1 pixmap as it is created, through the SDK.
final class FaultTab: TabContent {
    static let id = "swiftfault-tab"
    let host: TabHost
    /// The stack as the daemon told it, root first. Calls come one at a time, on one thread.
    private var stack = ["main"]

    init(host: TabHost) {
        self.host = host
        // The SDK's icon calls (ICON-2, ICON-3), read back through the bus by the icon tests.
        host.setIconName("dialog-warning-symbolic", selected: "dialog-error-symbolic")
        host.setIconPixmaps([IconPixmap(width: 1, height: 1, argb: [0xFF, 0x12, 0x34, 0x56])])
    }

    var pages: [String] { ["about", "slow"] }

    func navigate(to page: String) -> Bool {
        guard pages.contains(page) else { return false }
        if page == "slow" {
            // Logged first, so that a test knows the call is in the plugin.
            host.log(.info, "navigating to slow")
            sleep(1)
        }
        stack.append(page)
        return true
    }

    func back() {
        if stack.count > 1 { stack.removeLast() }
    }

    func popToRoot() {
        stack = Array(stack.prefix(1))
    }

    /// The faults, by action name.
    enum Fault: String, CaseIterable {
        case crash, abort, exit, hang, flood, tick
    }

    /// The `tick` thread's clock; started by the action, stopped with the tab.
    private lazy var ticker = Ticker(every: .milliseconds(100), label: "swiftfault.tick") { [host] in
        host.contentChanged()
    }

    var actions: [String] { Fault.allCases.map(\.rawValue) }

    func activate(_ action: String) -> Bool {
        guard let fault = Fault(rawValue: action) else { return false }
        switch fault {
        case .crash:
            // An index the optimizer cannot prove out of range: the runtime traps.
            let none: [Int] = []
            return none[Int(getpid())] == 0
        case .abort:
            Glibc.abort()
        case .exit:
            Glibc.exit(0)
        case .hang:
            while true { sleep(1) }
        case .flood:
            let finished = DispatchSemaphore(value: 0)
            DispatchQueue(label: "flood").async { [host] in
                var count = 0
                while true {
                    count += 1
                    host.badge = String(count)
                    host.setTitle("Flood \(count)")
                    host.contentChanged()
                }
            }
            finished.wait()
            return true
        case .tick:
            ticker.start()
            return true
        }
    }

    func close() { ticker.stop() }

    func render(page: String) -> PageContent {
        PageContent(title: "Fault", body: "stack: " + stack.joined(separator: "/"))
    }
}

/// The plugin's entry point: the table of its functions.
@c(tabbard_plugin_entry_v1)
public func tabbardPluginEntry(_ hostABIMinor: UInt32, _ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin(name: "swiftfault", version: "0.1", tabs: [FaultTab.self]).entry(hostABIMinor, host)
}
