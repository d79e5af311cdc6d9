import PropertyBased
import Testing

@testable import TabModel

/// Random operation sequences, with every invariant checked after every step.
@Suite("Invariants over random operation sequences")
struct InvariantTests {
    private static let sequences = Gen.int(in: 0...1_000_000).array(of: 1...40)

    @Test("every random sequence keeps the model consistent and announces exactly what changed")
    func randomSequences() async {
        var succeeded = Set<String>()
        await propertyCheck(count: 120, input: Self.sequences) { codes in
            var controller = try RandomOperation.controller()
            var pending: [PendingTap] = []
            for code in codes {
                let operation = RandomOperation(code: code)
                let before = controller
                let session = controller.session
                do {
                    let events = try operation.apply(to: &controller, pending: &pending)
                    succeeded.insert(operation.kindName)
                    if let events {
                        checkAnnouncements(events, before: before, after: controller, operation)
                    } else {
                        #expect(controller == before, "\(operation) changed state without events")
                    }
                } catch {
                    #expect(controller == before, "\(operation) threw \(error) and changed state (ERR-2)")
                }
                if session != nil, controller.session != nil {
                    checkFixedTabsStayed(before: before, after: controller, operation)
                }
                checkStructure(controller, operation)
                checkRestorationIdentity(controller, operation)
            }
        }
        // The generator must reach nearly every operation, or the invariants prove little.
        #expect(succeeded.count >= 27, "only \(succeeded.sorted()) ever succeeded")
    }

    // MARK: Checks

    /// Bar, More and hidden lists partition `Tabs` (MORE-1, TOP-1); ids are unique; the index
    /// map agrees; selection is consistent; customizable ⊆ tabs.
    private func checkStructure(_ c: TabController, _ operation: RandomOperation) {
        #expect(Set(c.tabs).count == c.tabs.count, "\(operation): duplicate ids")
        #expect(c.tabs.indices.allSatisfy { c.index(of: c.tabs[$0]) == $0 }, "\(operation): index map")
        #expect(c.visibleTabs + c.moreTabs + c.hiddenTabs == c.tabs, "\(operation): partition")
        let expectedBar: Int
        switch c.layout {
        case .bottom:
            expectedBar = c.tabs.count <= c.maxVisible ? c.tabs.count : c.maxVisible - 1
            #expect(c.hiddenTabs.isEmpty)
            #expect(c.showsMore == (c.tabs.count > c.maxVisible))
        case .top:
            expectedBar = min(c.tabs.count, c.maxVisible)
            #expect(c.moreTabs.isEmpty && !c.showsMore)
        }
        #expect(c.visibleTabs.count == expectedBar, "\(operation): bar size")
        #expect(c.barItems == c.visibleTabs + (c.showsMore ? ["@more"] : []))
        #expect(c.customizableSet.isSubset(of: c.tabs), "\(operation): customizable ⊆ tabs")
        #expect(c.value(of: ControllerProperty.selectedItem) == c.value(of: BarProperty.selectedItem))
        if let selected = c.selectedTab {
            let index = c.index(of: selected)
            #expect(index != nil && c.selectedIndex == index!, "\(operation): SelectedIndex")
            #expect(c.placement(of: selected) != .hidden, "\(operation): hidden tab selected")
            #expect(c.selectedItem == (c.placement(of: selected) == .more ? "@more" : selected))
            #expect(!c.showsMoreList)
        } else if c.showsMoreList {
            #expect(c.showsMore && c.selectedItem == "@more" && c.selectedIndex == -1, "\(operation): More list")
        } else {
            #expect(
                c.tabs.isEmpty && c.selectedItem == "" && c.selectedIndex == -1,
                "\(operation): nothing selected with tabs")
        }
        #expect(c.supportedOrientations.contains(c.orientation) || c.supportedOrientations.isEmpty)
    }

    /// The announced properties are exactly those whose value differs, and `Revision` moves iff
    /// something other than `ContentRevision` was announced.
    private func checkAnnouncements(
        _ events: TabEvents, before: TabController, after: TabController, _ operation: RandomOperation
    ) {
        let changedController = ControllerProperty.allCases.filter {
            $0 != .revision && before.value(of: $0) != after.value(of: $0)
        }
        #expect(
            events.controllerProperties.filter { $0 != .revision } == changedController,
            "\(operation): controller changes")
        let common = after.catalog.map(\.id).filter { before.definition(of: $0) != nil }
        for id in common {
            let changed = TabProperty.allCases.filter { before.value(of: $0, tab: id) != after.value(of: $0, tab: id) }
            #expect(Set(events.properties(of: id)) == Set(changed), "\(operation): tab \(id) changes")
        }
        let changedBar = BarProperty.allCases.filter { before.value(of: $0) != after.value(of: $0) }
        #expect(events.barProperties == changedBar, "\(operation): bar changes")
        let announcesRevisionMovers =
            !changedController.isEmpty
            || events.tabProperties.contains { $0.properties.contains { $0 != .contentRevision } }
        #expect(after.revision >= before.revision, "\(operation): revision went back")
        #expect(
            (after.revision > before.revision) == announcesRevisionMovers,
            "\(operation): revision moved \(before.revision) → \(after.revision)")
        #expect(events.controllerProperties.contains(.revision) == (after.revision > before.revision))
        if before.shownContent != after.shownContent {
            #expect(events.selection == SelectionTransition(from: before.shownContent, to: after.shownContent))
        }
    }

    /// CUST-2: while a session stays open, fixed tabs keep their index.
    private func checkFixedTabsStayed(before: TabController, after: TabController, _ operation: RandomOperation) {
        for (index, id) in before.tabs.enumerated() where !before.customizableSet.contains(id) {
            #expect(after.index(of: id) == index, "\(operation): fixed tab \(id) moved")
        }
    }

    /// snapshot → restore → snapshot is the identity, except that a tab without a restoration
    /// id is not restored as the selection: SEL-7 chooses again (STATE-1).
    private func checkRestorationIdentity(_ c: TabController, _ operation: RandomOperation) {
        let saved = c.snapshot()
        var copy = c
        do {
            _ = try copy.restore(saved)
            var expected = saved
            if saved.selectedTab != nil, saved.selectedTab?.restorationId == nil {
                expected.selectedTab = copy.snapshot().selectedTab
                expected.showsMoreList = copy.snapshot().showsMoreList
            }
            #expect(copy.snapshot() == expected, "\(operation): snapshot → restore → snapshot")
        } catch {
            Issue.record("\(operation): restore of a fresh snapshot threw \(error)")
        }
    }
}
