import DaemonBase
import Glibc
import Loop

/// The plugin-host mode of the daemon's executable: `tabbard --plugin-host MANIFEST`, spawned
/// by the daemon for a plugin whose isolation is `process`, with its end of the link as
/// descriptor 3 (`ChildProcess.passedDescriptor`). It loads the plugin exactly as the daemon
/// would (the same checks, C ABI and host callbacks), says `ready`, then answers the daemon's
/// calls one at a time, in order, while the plugin's host callbacks go to the daemon as events
/// from whichever thread makes them. The plugin cannot tell it is not in the daemon.
///
/// Before it loads the plugin it gives up what `PluginConfinement` says (no_new_privs, its
/// capabilities, and on the system instance the right to write beyond temporary directories).
/// It ends with status 0 when the daemon closes the link, and 1 when it cannot confine itself,
/// the plugin fails its checks or the daemon sends what is not a call; a crash, an `exit` or a
/// hang of the plugin ends only this process, and the daemon sees its end of the link close.
package enum PluginHelper {
    /// Gives up what `confinement` says, then loads the plugin of the manifest at `path` and
    /// serves the link on `link` until it closes. The plugin's log lines and slow calls go to
    /// `log` (standard error, the daemon's).
    package static func run(
        manifest path: String, link: Int32 = ChildProcess.passedDescriptor, trust: PluginTrust,
        confinement: PluginConfinement, log: Log
    ) -> Int32 {
        // A helper stuck in plugin code ends with the daemon that would have ended it.
        ChildProcess.endWithParent()
        // Before any plugin code runs, while this process has one thread.
        do throws(ConfinementError) {
            let done = try confinement.apply()
            log.info("plugin host \(path): \(done)")
        } catch {
            log.error("plugin host \(path): cannot confine the plugin: \(error)")
            return 1
        }
        let module: PluginModule
        do throws(PluginRefusal) {
            module = try PluginModule.load(manifestAt: path, trust: trust, log: log)
        } catch {
            log.error("plugin host \(path): \(error)")
            return 1
        }
        let sender = PluginLinkSender(descriptor: link)
        guard sender.send(.ready(name: module.name, version: module.version, abi: module.abi)) else { return 0 }
        var host = Instances(module: module, sender: sender)
        var inbox = PluginLinkInbox()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(link, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? 0 : 1 }
            inbox.append(buffer[..<count])
            do throws(PluginLinkError) {
                while let message = try inbox.next() {
                    guard case .call(let serial, let call) = message else {
                        log.error("plugin host \(module.name): the daemon sent what is not a call")
                        return 1
                    }
                    guard sender.send(.reply(serial: serial, host.answer(call))) else { return 0 }
                }
            } catch {
                log.error("plugin host \(module.name): the daemon sent \(error)")
                return 1
            }
        }
    }

    /// The instances of the plugin's tabs in the helper, by tab id, and the calls into them.
    private struct Instances {
        let module: PluginModule
        let sender: PluginLinkSender
        var tabs: [String: PluginTab] = [:]

        mutating func answer(_ call: PluginLinkCall) -> PluginLinkReply {
            switch call {
            case .create(let id):
                // One instance per tab, and only for the tabs its manifest declares.
                guard tabs[id] == nil, let declaration = module.manifest?.tabs.first(where: { $0.id == id }) else {
                    return .done(false)
                }
                tabs[id] = module.createTab(declaration) { [sender] event in
                    sender.send(.event(tabID: event.tabID, event.change))
                }
                return .done(tabs[id] != nil)
            case .destroy(let id):
                tabs.removeValue(forKey: id)?.destroy()
                return .done(true)
            case .notice(let id, let notice):
                guard let tab = tabs[id] else { return .done(false) }
                tab.notice(notice)
                return .done(true)
            case .navigate(let id, let page):
                return .done(tabs[id]?.navigate(to: page) ?? false)
            case .render(let id, let page):
                guard let tab = tabs[id] else { return .failed(Self.noInstance) }
                do {
                    return .content(try tab.render(page: page))
                } catch {
                    return .failed(error.reason)
                }
            case .actions(let id):
                guard let tab = tabs[id] else { return .failed(Self.noInstance) }
                do {
                    return .actions(try tab.actions())
                } catch {
                    return .failed(error.reason)
                }
            case .activate(let id, let action):
                return .done(tabs[id]?.activate(action) ?? false)
            case .locale(let id, let locale):
                tabs[id]?.setLocale(locale)
                return .done(tabs[id] != nil)
            }
        }

        /// The reason given for a call to a tab the daemon has not created.
        static let noInstance = "failed: no instance"
    }
}
