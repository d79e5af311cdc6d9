import PropertyBased
import Testing

@testable import TabModel

/// A change of one tab's own state (a badge, a title, its stack…) observes that tab's
/// properties alone (`updateTab`); observing the tab's scope (`ObservationScope.tab`, `finish`)
/// is the general way. The two must agree exactly: the same events in the same order, and the
/// same model after.
@Suite("A tab update's announcement equals the observed one")
struct TabUpdateChangeTests {
    private static let sequences = Gen.int(in: 0...1_000_000).array(of: 1...30)

    /// The changes the controller makes to one tab's state, each with the properties it announces.
    private static let updates: [(String, [TabProperty], @Sendable (inout TabRuntime) -> Void)] = [
        ("badge", [.hasBadge, .badgeValue], { $0.badge = .text("7") }),
        ("dot", [.hasBadge, .badgeValue], { $0.badge = .dot }),
        ("no badge", [.hasBadge, .badgeValue], { $0.badge = nil }),
        ("badge color", [.badgeColor], { $0.badgeColor = "#FF0000" }),
        ("enabled", [.enabled], { $0.enabled.toggle() }),
        ("title", [.title, .accessibilityLabel], { $0.title = "Renamed" }),
        ("actions", [.actions], { $0.actions = ["refresh"] }),
        ("content", [.contentRevision], { $0.contentRevision += 1 }),
        ("push", [.page, .depth], { $0.stack.append("p1") }),
        ("pop", [.page, .depth], { if $0.stack.count > 1 { _ = $0.stack.popLast() } }),
    ]

    @Test(
        "after every step of a random sequence, each update of each catalog tab announces what observing it would (ITEM-2..6, NAV-1)"
    )
    func updateEqualsObserved() async {
        var compared = 0
        var announced = 0
        await propertyCheck(count: 40, input: Self.sequences) { codes in
            try RandomOperation.afterEachStep(of: codes) { controller in
                for id in controller.catalog.map(\.id) {
                    for (name, properties, change) in Self.updates {
                        var updated = controller
                        let events = updated.updateTab(id, properties, change)
                        var observed = controller
                        let scope = ObservationScope.tab(id, properties)
                        let before = observed.observe(scope)
                        change(&observed.runtime[observed.catalogPosition[id]!])
                        #expect(events == observed.finish(scope, since: before), "\(name) of \(id)")
                        #expect(updated == observed, "\(name) of \(id) left another model than observing it")
                        compared += 1
                        if !events.isEmpty { announced += 1 }
                    }
                }
            }
        }
        #expect(
            compared > 1_000 && announced > compared / 3,
            "compared \(compared) updates, \(announced) that announced something")
    }
}
