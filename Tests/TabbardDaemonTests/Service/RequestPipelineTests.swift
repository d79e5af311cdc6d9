import DBus
import Testing
import TabModel
@testable import TabbardDaemon
@testable import TabbardPluginHost
@testable import DaemonBase

/// The order of a request's effects (`RequestPipeline.carryOut`), read without a bus: every
/// kind of request (a method call, a tap decided later, a plugin's news) takes the same steps
/// in the same order. `RecordingPipeline` notes each step as it is taken.
@Suite("The request pipeline")
struct RequestPipelineTests {
    @Test("a structural change is on disk before any signal, and answered after (STATE-4)")
    func structuralChangeCommittedFirst() throws {
        let pipeline = try RecordingPipeline()
        try pipeline.carryOut(.refusable { controller throws(TabError) in try controller.removeTab("timer") }) {
            _ throws(DBusError) in pipeline.replied()
        }
        #expect(pipeline.steps == [.commit(.structural), .bringIn, .announce(eachAtOnce: true), .retire, .reply, .flush])
        #expect(!pipeline.controller.tabs.contains("timer"))
    }

    @Test("a structural change that cannot be written is undone and refused, announcing nothing (STATE-4, ERR-2)")
    func failedWriteRollsBack() throws {
        let pipeline = try RecordingPipeline()
        pipeline.writesFail = true
        let before = pipeline.controller
        let refusal = #expect(throws: DBusError.self) {
            try pipeline.carryOut(.refusable { controller throws(TabError) in try controller.removeTab("timer") }) {
                _ throws(DBusError) in pipeline.replied()
            }
        }
        #expect(refusal?.name == ServiceError.stateNotSaved("").dbusError.name)
        #expect(pipeline.steps == [.commit(.structural), .rollBack], "nothing announced, nothing answered, no plugin called")
        #expect(pipeline.controller == before)
    }

    @Test("a selection's signals go before its reply, its plugin calls after it (SEL-1)")
    func signalsThenReplyThenPluginCalls() throws {
        let pipeline = try RecordingPipeline()
        try pipeline.carryOut(.select("alarm")) { _ throws(DBusError) in pipeline.replied() }
        #expect(pipeline.steps == [
            .commit(.volatile), .bringIn, .announce(eachAtOnce: true), .retire, .reply, .pluginCall("show alarm"), .flush,
        ])
    }

    @Test("a tap the delegate decided later takes the same steps as a method call (TAP-1, TAP-7)")
    func decidedTapSameOrder() throws {
        let pipeline = try RecordingPipeline()
        let pending = try pipeline.beginTap("stopwatch")
        let selected = try pipeline.completeTap(pending, allowed: true) { selected throws(DBusError) in
            pipeline.replied()
            return selected
        }
        #expect(selected)
        #expect(pipeline.steps == [
            .commit(.volatile), .bringIn, .announce(eachAtOnce: true), .retire, .reply, .pluginCall("show stopwatch"), .flush,
        ])
    }

    @Test("a plugin's news takes the same steps, with no reply and its announcements left to the loop's turn (NAV-2)")
    func pluginNewsSameOrder() throws {
        let pipeline = try RecordingPipeline()
        pipeline.apply(PluginTabEvent(plugin: "clock", tabID: "alarm", change: .pushPage("edit")))
        #expect(pipeline.steps == [.commit(.volatile), .bringIn, .announce(eachAtOnce: false), .retire, .pluginCall("sync alarm to main/edit")])
        #expect(pipeline.controller.stack(of: "alarm").last == "edit")
    }

    @Test("what plugins say during a request's calls is applied after them, before the next message")
    func newsDrainedAfterPluginCalls() throws {
        let pipeline = try RecordingPipeline()
        pipeline.news["show alarm"] = PluginTabEvent(plugin: "clock", tabID: "alarm", change: .badge("3"))
        try pipeline.carryOut(.select("alarm")) { _ throws(DBusError) in pipeline.replied() }
        #expect(pipeline.steps == [
            .commit(.volatile), .bringIn, .announce(eachAtOnce: true), .retire, .reply, .pluginCall("show alarm"),
            .commit(.volatile), .bringIn, .announce(eachAtOnce: false), .retire,
            .flush,
        ])
        #expect(pipeline.controller.badge(of: "alarm") == (try Badge(value: "3")))
    }

    @Test("a model error is the request's error: nothing is committed, announced or answered (ERR-2)")
    func modelErrorChangesNothing() throws {
        let pipeline = try RecordingPipeline()
        #expect(throws: DBusError.self) {
            try pipeline.carryOut(.select("no-such-tab")) { _ throws(DBusError) in pipeline.replied() }
        }
        #expect(pipeline.steps.isEmpty)
    }

    @Test("news a plugin sends that the model refuses is dropped, nothing announced (ITEM-4)")
    func refusedNewsAnnouncesNothing() throws {
        let pipeline = try RecordingPipeline()
        pipeline.apply(PluginTabEvent(plugin: "clock", tabID: "alarm", change: .badgeColor("red")))
        #expect(pipeline.steps.isEmpty)
    }
}
