import Foundation
import Loop
import Testing

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

    static func badge(_ text: String) -> PluginNews {
        .tab(PluginTabEvent(plugin: "p", tabID: "t", change: .badge(text)))
    }
}
