import DaemonBase
import Synchronization

/// The handles the host gives plugins, and what each stands for: the `struct tabbard_tab *` of
/// every tab instance, and the `struct tabbard_host *` of every plugin's table. A host callback
/// looks the handle it is given up here before it touches anything, so a plugin that passes a
/// handle the host never made (a stray pointer, NULL, another structure) is logged and ignored
/// instead of taking the daemon down.
///
/// A tab handle is a number, never an address the host reads through: handles count up from
/// `firstTab` in steps of 16 and are never reused, so one from a destroyed tab is told apart
/// from one never made. A host table is real memory the plugin reads, known by its address.
/// Global, because the callbacks are plain C functions; safe on any thread.
final class HostHandles: Sendable {
    /// The handles of this process.
    static let shared = HostHandles()

    /// What a tab handle stands for.
    enum Tab {
        /// A live tab instance.
        case live(TabContext)
        /// A tab the host made and has destroyed since: a late callback, dropped quietly.
        case destroyed
        /// Nothing the host ever made.
        case unknown
    }

    /// The first tab handle: far from small numbers and from where anything is mapped.
    static let firstTab: UInt = 0x7AB0_0000_0000
    private static let step: UInt = 16

    private struct State {
        var nextTab = HostHandles.firstTab
        var tabs: [UInt: TabContext] = [:]
        var tables: [UInt: PluginVoice] = [:]
        /// Where a handle nobody owns is reported, since nothing tells whose plugin passed it:
        /// every log a table was made with, once per descriptor (in the daemon, its one log).
        var logs: [Int32: Log] = [:]
    }

    private let state = Mutex(State())

    /// A new handle for `context`, live until `retire`.
    func issue(_ context: TabContext) -> OpaquePointer {
        let handle = state.withLock { state in
            let handle = state.nextTab
            state.nextTab += Self.step
            state.tabs[handle] = context
            return handle
        }
        return OpaquePointer(bitPattern: handle)!
    }

    /// The handle no longer stands for a live tab.
    func retire(_ handle: OpaquePointer) {
        _ = state.withLock { $0.tabs.removeValue(forKey: UInt(bitPattern: handle)) }
    }

    /// What `handle` stands for.
    func tab(_ handle: OpaquePointer?) -> Tab {
        let number = UInt(bitPattern: handle)
        return state.withLock { state in
            if let context = state.tabs[number] { return .live(context) }
            let made = number >= Self.firstTab && number < state.nextTab && (number - Self.firstTab) % Self.step == 0
            return made ? .destroyed : .unknown
        }
    }

    /// Registers the host table at `table`, made for the plugin `voice` speaks for.
    func register(table: UnsafeRawPointer, for voice: PluginVoice) {
        state.withLock { state in
            state.tables[UInt(bitPattern: table)] = voice
            state.logs[voice.log.fileDescriptor] = voice.log
        }
    }

    /// The plugin behind the host table `table`, or nil when the host made no such table.
    func voice(of table: UnsafeRawPointer?) -> PluginVoice? {
        state.withLock { $0.tables[UInt(bitPattern: table)] }
    }

    /// Logs that `callback` was given `what` (`"a tab handle"`) at `handle`, which the host never made.
    func refuse(_ callback: String, _ what: String, _ handle: UnsafeRawPointer?) {
        let logs = state.withLock { $0.logs.values }
        for log in logs {
            log.warning(
                "a plugin's \(callback) was given \(what) the host never made (0x\(String(UInt(bitPattern: handle), radix: 16))); ignored"
            )
        }
    }
}
