import Foundation
import Loop
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The one queue of what the plugin system says: posted from any thread, heard on the loop
/// thread in the order posted, never inside the call that posted it.
@Suite("The plugin news queue")
struct PluginNewsQueueTests {
    @Test(
        "news posted from a plugin's thread wakes the sleeping loop and is heard on its thread, in the order posted, after what was posted before"
    )
    func postedFromAnyThread() throws {
        let loop = try EventLoop()
        let news = PluginNewsQueue(loop: loop)
        var heard: [PluginNews] = []
        var offLoop = 0
        news.listen(on: loop) { item in
            if !loop.isLoopThread { offLoop += 1 }
            heard.append(item)
            if heard.count == 1 {
                // The loop sleeps next: only the posts of this thread can wake it.
                Thread.detachNewThread {
                    for count in 1...3 { news.post(Self.badge("\(count)")) }
                }
            }
            if heard.count == 4 { loop.stop() }
        }
        news.post(.probeEnded(plugin: "first", loaded: true))
        #expect(heard.isEmpty, "nothing is heard inside the call that posts")
        let timeout = try loop.schedule(after: .seconds(10)) { loop.stop() }
        loop.run()
        timeout.cancel()
        #expect(
            heard == [.probeEnded(plugin: "first", loaded: true), Self.badge("1"), Self.badge("2"), Self.badge("3")])
        #expect(offLoop == 0)
        #expect(news.next() == nil)
    }

    @Test(
        "what an in-process plugin says inside a call of the daemon waits in the queue: not heard inside the call, taken in order by the request's drain, the rest handed on within the next loop turn"
    )
    func inProcessNewsWaits() throws {
        let directory = try TemporaryDirectory()
        try compileFixture("local", in: directory)
        try directory.write("local.plugin", testManifest("local", tabs: ["l1", "l2"]))
        let loop = try EventLoop()
        let host = PluginHost(trust: .session, log: quietLog)
        host.load(directories: [directory.path])
        let tabs = PluginTabs(host: host, loop: loop, log: quietLog)
        var heard: [PluginNews] = []
        tabs.onNews = { news in
            heard.append(news)
            loop.stop()
        }
        // The fixture sets an empty badge on each tab it creates, inside the call that creates it.
        #expect(tabs.start("l1", stack: ["root"]) && tabs.start("l2", stack: ["root"]))
        #expect(heard.isEmpty)
        #expect(tabs.nextQueuedNews() == .tab(PluginTabEvent(plugin: "local", tabID: "l1", change: .badge(""))))
        let timeout = try loop.schedule(after: .seconds(10)) { loop.stop() }
        loop.run()
        timeout.cancel()
        #expect(heard == [.tab(PluginTabEvent(plugin: "local", tabID: "l2", change: .badge("")))])
        #expect(tabs.nextQueuedNews() == nil)
    }

    static func badge(_ text: String) -> PluginNews {
        .tab(PluginTabEvent(plugin: "p", tabID: "t", change: .badge(text)))
    }
}
