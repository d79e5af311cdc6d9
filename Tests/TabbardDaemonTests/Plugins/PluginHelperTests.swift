import Foundation
import Loop
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The plugin-host mode (`tabbard --plugin-host MANIFEST`): the plugin of an isolated manifest
/// runs in a helper process and answers the daemon's calls over the link (docs/plugins.md,
/// Isolation), with the C ABI and host callbacks it would have in the daemon.
@Suite("The plugin host process")
struct PluginHelperTests {
    /// The daemon's end of one helper's link, driven by the test as the daemon would.
    final class HelperLink {
        let child: ChildProcess
        let descriptor: Int32
        private var inbox = PluginLinkInbox()
        private var serial: UInt32 = 0

        init(manifest: String) throws {
            var ends: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
                throw FixtureError.missing("socket pair")
            }
            defer { close(ends[1]) }
            descriptor = ends[0]
            child = try ChildProcess.spawn(
                PackagePaths.root + "/.build/debug/tabbard", arguments: ["--plugin-host", manifest],
                standardOutput: 2, environment: ["PATH=/usr/bin:/bin"], passing: ends[1])
        }

        deinit {
            close(descriptor)
            child.kill(SIGKILL)
            _ = child.wait()
        }

        /// Sends raw bytes, as a faulty daemon would.
        func write(_ bytes: [UInt8]) {
            _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        }

        /// The next message from the helper within `timeout`, or nil when none came.
        func receive(within timeout: Duration = .seconds(5)) throws -> PluginLinkMessage? {
            let deadline = ContinuousClock.now + timeout
            while true {
                if let message = try inbox.next() { return message }
                let remaining = deadline - ContinuousClock.now
                guard remaining > .zero else { return nil }
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard
                    poll(
                        &entry, 1,
                        Int32(
                            remaining.components.seconds * 1000 + remaining.components.attoseconds
                                / 1_000_000_000_000_000 + 1)) > 0
                else { continue }
                var buffer = [UInt8](repeating: 0, count: 65_536)
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { return nil }
                inbox.append(buffer[..<count])
            }
        }

        /// Makes `call` and returns the events that came before its reply, and the reply.
        func call(_ call: PluginLinkCall) throws -> (events: [PluginLinkMessage], reply: PluginLinkReply?) {
            serial += 1
            write(PluginLinkMessage.call(serial: serial, call).frame)
            var events: [PluginLinkMessage] = []
            while let message = try receive() {
                if case .reply(let answered, let reply) = message {
                    #expect(answered == serial)
                    return (events, reply)
                }
                events.append(message)
            }
            return (events, nil)
        }
    }

    @Test("a C plugin says ready with its identity, creates only its declared tabs once, and renders")
    func cPlugin() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let link = try HelperLink(manifest: "\(staged)/notes.plugin")
        #expect(try link.receive() == .ready(name: "notes", version: "1.0.0", abi: .host))
        #expect(try link.call(.render(tabID: "notes", page: "main")).reply == .failed("failed: no instance"))
        #expect(try link.call(.create(tabID: "notes")).reply == .done(true))
        #expect(try link.call(.create(tabID: "notes")).reply == .done(false))
        #expect(try link.call(.create(tabID: "world-clock")).reply == .done(false))
        guard case .content(let content)? = try link.call(.render(tabID: "notes", page: "main")).reply else {
            Issue.record("render did not answer content")
            return
        }
        #expect(!content.body.isEmpty)
        #expect(try link.call(.destroy(tabID: "notes")).reply == .done(true))
        #expect(try link.call(.notice(tabID: "notes", .willAppear)).reply == .done(false))
    }

    @Test(
        "a Swift plugin's callbacks reach the daemon: inside a call before its reply, and from its own thread unasked")
    func swiftPluginCallbacks() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let link = try HelperLink(manifest: "\(staged)/clock.plugin")
        #expect(try link.receive() == .ready(name: "clock", version: "1.0.0", abi: .host))
        #expect(try link.call(.create(tabID: "stopwatch")).reply == .done(true))
        #expect(try link.call(.actions(tabID: "stopwatch")).reply == .actions(["start"]))
        #expect(try link.call(.notice(tabID: "stopwatch", .willAppear)).reply == .done(true))
        #expect(try link.call(.notice(tabID: "stopwatch", .didAppear)).reply == .done(true))
        let started = try link.call(.activate(tabID: "stopwatch", action: "start"))
        #expect(started.reply == .done(true))
        #expect(started.events.contains(.event(tabID: "stopwatch", .contentChanged)))
        #expect(try link.call(.navigate(tabID: "stopwatch", page: "laps")).reply == .done(true))
        #expect(try link.call(.navigate(tabID: "stopwatch", page: "nowhere")).reply == .done(false))
        let laps = try link.call(.render(tabID: "stopwatch", page: "laps")).reply
        #expect(
            laps
                == .content(
                    PluginContent(
                        title: "Laps", mimeType: "text/plain", body: "No laps",
                        actionLabels: [
                            PluginActionLabel(action: "stop", label: "Stop"),
                            PluginActionLabel(action: "lap", label: "Lap"),
                        ])))
        #expect(try link.call(.activate(tabID: "stopwatch", action: "fly")).reply == .done(false))

        // A plugin's own thread, unasked (a running stopwatch no longer ticks: PAGE-3).
        let ticking = try HelperLink(manifest: PackagePaths.testPlugins + "/swiftfault.plugin")
        #expect(try ticking.receive() == .ready(name: "swiftfault", version: "0.1", abi: .host))
        #expect(try ticking.call(.create(tabID: "swiftfault-tab")).reply == .done(true))
        #expect(try ticking.call(.activate(tabID: "swiftfault-tab", action: "tick")).reply == .done(true))
        #expect(try ticking.receive(within: .seconds(3)) == .event(tabID: "swiftfault-tab", .contentChanged))
    }

    @Test("the helper ends with status 0 when the daemon closes the link, and 1 when it sends what is not a call")
    func endings() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let closed = try HelperLink(manifest: "\(staged)/notes.plugin")
        #expect(try closed.receive() != nil)
        shutdown(closed.descriptor, Int32(SHUT_WR))
        #expect(closed.child.wait() == .exited(0))

        let garbled = try HelperLink(manifest: "\(staged)/notes.plugin")
        #expect(try garbled.receive() != nil)
        garbled.write([1, 0, 0, 0, 99])
        #expect(garbled.child.wait() == .exited(1))

        let answered = try HelperLink(manifest: "\(staged)/notes.plugin")
        #expect(try answered.receive() != nil)
        answered.write(PluginLinkMessage.reply(serial: 1, .done(true)).frame)
        #expect(answered.child.wait() == .exited(1))
    }

    @Test("a manifest whose module fails its checks ends the helper with status 1 before ready")
    func refusedPlugin() throws {
        let directory = try TemporaryDirectory()
        try directory.write("libbad.so", "just text, long enough to hold an ELF header\n")
        let manifest = try directory.write(
            "bad.plugin",
            "name = \"bad\"\nmodule = \"libbad.so\"\nabi = \"1.0\"\n[[tabs]]\nid = \"bad\"\ntitle = \"Bad\"\n")
        let link = try HelperLink(manifest: manifest)
        #expect(try link.receive() == nil)
        #expect(link.child.wait() == .exited(1))
    }
}
