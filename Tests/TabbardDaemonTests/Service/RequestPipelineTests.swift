import DBus
import TabModel
import Testing

@testable import DaemonBase
@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The order of a request's effects (`RequestPipeline.carryOut`), read without a bus: every
/// kind of request (a method call, a tap decided later, a plugin's news) takes the same steps
/// in the same order. `RecordingPipeline` notes each step as it is taken.
@Suite("The request pipeline")
struct RequestPipelineTests {
    @Test("a structural change is on disk before any signal, and answered after (STATE-4)")
    func structuralChangeCommittedFirst() throws {
        let pipeline = try RecordingPipeline()
        let revision = pipeline.controller.revision
        try pipeline.carryOut(.refusable { controller throws(TabError) in try controller.removeTab("timer") }) {
            _ throws(DBusError) in pipeline.replied()
        }
        #expect(
            pipeline.steps == [
                .commit(.structural), .bringIn, .announce(eachAtOnce: true), .retire, .close(revision: revision + 1),
                .reply, .flush,
            ])
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
        #expect(
            pipeline.steps == [.commit(.structural), .rollBack], "nothing announced, nothing answered, no plugin called"
        )
        #expect(pipeline.controller == before)
    }

    @Test("a selection's signals go before its reply, closed by Revision, its plugin calls after it (SEL-1, SYNC-2)")
    func signalsThenReplyThenPluginCalls() throws {
        let pipeline = try RecordingPipeline()
        let revision = pipeline.controller.revision
        try pipeline.carryOut(.select("alarm")) { _ throws(DBusError) in pipeline.replied() }
        #expect(
            pipeline.steps == [
                .commit(.volatile), .bringIn, .announce(eachAtOnce: true), .retire, .close(revision: revision + 1),
                .reply,
                .pluginCall("show alarm"), .flush,
            ])
    }

    @Test("a tap the delegate decided later takes the same steps as a method call (TAP-1, TAP-7)")
    func decidedTapSameOrder() throws {
        let pipeline = try RecordingPipeline()
        let revision = pipeline.controller.revision
        let pending = try pipeline.beginTap("stopwatch")
        let selected = try pipeline.completeTap(pending, allowed: true) { selected throws(DBusError) in
            pipeline.replied()
            return selected
        }
        #expect(selected)
        #expect(
            pipeline.steps == [
                .commit(.volatile), .bringIn, .announce(eachAtOnce: true), .retire, .close(revision: revision + 1),
                .reply,
                .pluginCall("show stopwatch"), .flush,
            ])
    }

    @Test("a plugin's news takes the same steps, with no reply and its announcements left to the loop's turn (NAV-2)")
    func pluginNewsSameOrder() throws {
        let pipeline = try RecordingPipeline()
        let revision = pipeline.controller.revision
        pipeline.apply(PluginTabEvent(plugin: "clock", tabID: "alarm", change: .pushPage("edit")))
        #expect(
            pipeline.steps == [
                .commit(.volatile), .bringIn, .announce(eachAtOnce: false), .retire, .close(revision: revision + 1),
                .pluginCall("sync alarm to main/edit"),
            ])
        #expect(pipeline.controller.stack(of: "alarm").last == "edit")
    }

    @Test(
        "what plugins say during a request's calls is applied after them, before the next message, as batches of their own (SYNC-2)"
    )
    func newsDrainedAfterPluginCalls() throws {
        let pipeline = try RecordingPipeline()
        let revision = pipeline.controller.revision
        pipeline.news["show alarm"] = PluginTabEvent(plugin: "clock", tabID: "alarm", change: .badge("3"))
        try pipeline.carryOut(.select("alarm")) { _ throws(DBusError) in pipeline.replied() }
        #expect(
            pipeline.steps == [
                .commit(.volatile), .bringIn, .announce(eachAtOnce: true), .retire, .close(revision: revision + 1),
                .reply,
                .pluginCall("show alarm"),
                .commit(.volatile), .bringIn, .announce(eachAtOnce: false), .retire, .close(revision: revision + 2),
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

    // MARK: SYNC-2

    @Test(
        "a request whose model change takes several steps moves Revision once: an owner leaving with a session and the delegate (SYNC-2)"
    )
    func stepsOfOneRequestMoveRevisionOnce() throws {
        let pipeline = try RecordingPipeline()
        _ = try pipeline.controller.registerDelegate(owner: ":1.7", path: "/delegate")
        _ = try pipeline.controller.beginCustomizing(owner: ":1.7")
        let revision = pipeline.controller.revision
        try pipeline.carryOut(.imposed { controller in controller.ownerLeft(":1.7") })
        #expect(
            pipeline.steps.filter { if case .close = $0 { true } else { false } } == [.close(revision: revision + 1)],
            "\(pipeline.steps)")
        #expect(pipeline.controller.revision == revision + 1)
    }

    @Test("a tap of the selected tab, which only signals DidSelect, closes a batch with Revision (SYNC-2, TAP-2)")
    func signalOnlyBatchMovesRevision() throws {
        let pipeline = try RecordingPipeline()
        let revision = pipeline.controller.revision
        let pending = try pipeline.beginTap("world-clock")
        _ = try pipeline.completeTap(pending, allowed: true) { selected throws(DBusError) in selected }
        #expect(pipeline.steps.contains(.close(revision: revision + 1)), "\(pipeline.steps)")
    }

    @Test("requests carried out as one batch close once, after the last of them (SYNC-2)")
    func oneBatchClosesOnce() throws {
        let pipeline = try RecordingPipeline()
        let revision = pipeline.controller.revision
        try pipeline.asOneBatch { () throws(DBusError) in
            try pipeline.carryOut(.setBadge("alarm", text: "3"))
            try pipeline.carryOut(.setBadgeColor("alarm", to: "#ff0000"))
        }
        #expect(
            pipeline.steps == [
                .commit(.volatile), .bringIn, .announce(eachAtOnce: false), .retire,
                .commit(.volatile), .bringIn, .announce(eachAtOnce: false), .retire,
                .close(revision: revision + 1),
            ])
        #expect(pipeline.controller.revision == revision + 1)
    }
}
