import PropertyBased
import Testing

@testable import TabModel

/// A programmatic selection works out what it announces from the selection before and after
/// (`showSelecting`); observing the selection scope before and after and comparing
/// (`ObservationScope.selection`, `finish`) is the general way every other request takes. The
/// two must agree exactly: the same events in the same order, and the same model after.
@Suite("A selection's announcement, worked out, equals the observed one")
struct SelectionChangeTests {
    private static let sequences = Gen.int(in: 0...1_000_000).array(of: 1...30)

    @Test(
        "after every step of a random sequence, selecting each reachable tab announces what observing it would (SEL-1..6, A11Y-1)"
    )
    func workedOutEqualsObserved() async {
        var compared = 0
        var announcedLabels = 0
        await propertyCheck(count: 80, input: Self.sequences) { codes in
            try RandomOperation.afterEachStep(of: codes) { controller in
                for (index, id) in controller.tabs.enumerated() where controller.placement(ofIndex: index) != .hidden {
                    let announced = expectWorkedOutEqualsObserved(selecting: id, at: index, from: controller)
                    compared += 1
                    if announced.tabProperties.contains(where: { $0.properties.contains(.accessibilityLabel) }) {
                        announcedLabels += 1
                    }
                }
            }
        }
        // The sequences must reach selections that change labels, or the comparison proves little.
        #expect(
            compared > 1_000 && announcedLabels > 100, "compared \(compared) selections, \(announcedLabels) with labels"
        )
    }

    @Test("selecting from the More list itself announces what observing it would (SEL-4, SEL-5)")
    func fromTheMoreList() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.selectMore()
        for (index, id) in controller.tabs.enumerated() {
            expectWorkedOutEqualsObserved(selecting: id, at: index, from: controller)
        }
    }

    /// Selects `id`, at `index` of `Tabs`, in two copies of `controller`: once working out the
    /// announcement, once observing the selection scope; expects the same events and the same
    /// model, and returns the events.
    @discardableResult
    private func expectWorkedOutEqualsObserved(
        selecting id: String, at index: Int, from controller: TabController,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> TabEvents {
        let placement = controller.placement(ofIndex: index)
        var workedOut = controller
        let announced = workedOut.showSelecting(id, at: index, placedAt: placement)
        var observed = controller
        let scope = ObservationScope.selection([observed.selectedTab, id])
        let before = observed.observe(scope)
        observed.show(tab: id, placedAt: placement)
        #expect(
            announced == observed.finish(scope, since: before),
            "selecting \(id) from \(controller.shownContent), More list \(controller.showsMoreList)",
            sourceLocation: sourceLocation)
        #expect(
            workedOut == observed, "selecting \(id) left another model than observing it",
            sourceLocation: sourceLocation)
        return announced
    }
}
