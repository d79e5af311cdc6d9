import PropertyBased
import Testing

@testable import TabModel

/// Random sequences of standalone bar operations, sessions included, with every SBAR invariant
/// checked after every step.
@Suite("Invariants of standalone bars over random operation sequences")
struct BarInvariantTests {
    private static let sequences = Gen.int(in: 0...1_000_000).array(of: 1...60)

    @Test("every random bar sequence keeps each bar consistent and announces exactly what changed (SBAR-1..7)")
    func randomSequences() async {
        var succeeded = Set<String>()
        await propertyCheck(count: 150, input: Self.sequences) { codes in
            var controller = try BarRandomOperation.controller()
            for code in codes {
                let operation = BarRandomOperation(code: code)
                let before = controller
                do {
                    let events = try operation.apply(to: &controller)
                    succeeded.insert(operation.kindName)
                    checkAnnouncements(events, before: before, after: controller, operation)
                    checkSignals(events, before: before, after: controller, operation)
                    checkOperation(operation, before: before, after: controller)
                } catch {
                    #expect(controller == before, "\(operation) threw \(error) and changed state (ERR-2)")
                    checkRefusal(operation, error, before: before)
                }
                checkFixedItemsStayed(before: before, after: controller, operation)
                for bar in controller.bars { checkBar(bar, in: controller, operation) }
                checkRestorationIdentity(controller, operation)
            }
        }
        // The generator must reach every kind of operation, or the invariants prove little.
        #expect(succeeded == Set(BarRandomOperation.names), "only \(succeeded.sorted()) ever succeeded")
    }

    // MARK: State

    /// SBAR-1..4, 6, 7: names, items, selection, appearance and the values a client reads agree.
    private func checkBar(_ bar: StandaloneBar, in c: TabController, _ operation: BarRandomOperation) {
        #expect(c.bars.count <= TabController.maximumBars)
        #expect(c.barNames.filter { $0 == bar.name }.count == 1, "\(operation): bar names unique")
        #expect(TabIdentifier.isValid(bar.name))
        let defined = bar.definedItems.map(\.id)
        #expect(
            Set(defined).count == defined.count && defined.count <= StandaloneBar.maximumItems,
            "\(operation): defined items")
        #expect(
            Set(bar.items).count == bar.items.count && Set(bar.items).isSubset(of: defined),
            "\(operation): Items ⊆ DefinedItems (SBAR-3)")
        if let selected = bar.selectedItem {
            #expect(bar.items.contains(selected), "\(operation): SelectedItem on the bar (SBAR-4)")
        }
        if let session = bar.session {
            #expect(Set(session.candidates).isSubset(of: defined), "\(operation): candidates defined (SBAR-5)")
        }
        #expect(c.value(.items, on: bar.name) == .strings(bar.items))
        #expect(c.value(.selectedItem, on: bar.name) == .string(bar.selectedItem ?? ""))
        #expect(c.value(.customizing, on: bar.name) == .bool(bar.session != nil))
        // SBAR-6: what a bar keeps passes LOOK-1..5 as the controller's does, colors uppercased.
        #expect(
            (try? bar.appearance.validate()) != nil && bar.appearance == bar.appearance.normalized,
            "\(operation): appearance")
        let language = LocaleChain(c.locale).language
        for item in bar.definedItems {
            let position = bar.items.firstIndex(of: item.id)
            #expect(c.value(.onBar, item.id, on: bar.name) == .bool(position != nil))
            #expect(c.value(.index, item.id, on: bar.name) == .int32(Int32(position ?? -1)))
            #expect(c.value(.selected, item.id, on: bar.name) == .bool(bar.selectedItem == item.id))
            let title = item.title(language: language)
            let label =
                position.map {
                    AccessibilityPhrasing(language: language).label(
                        title: title, selected: bar.selectedItem == item.id, position: $0 + 1, count: bar.items.count)
                } ?? title
            #expect(c.value(.accessibilityLabel, item.id, on: bar.name) == .string(label), "\(operation): SBAR-7")
            if item.systemItem != nil {
                #expect(c.value(.image, item.id, on: bar.name) == .string(item.systemItem!.imageName), "ITEM-3")
            }
        }
    }

    // MARK: Announcements

    /// Objects that came or went, and the properties that differ, are exactly what is announced;
    /// `Revision` moves iff anything announced changed, and the durability class covers every
    /// change (SBAR-1).
    private func checkAnnouncements(
        _ events: TabEvents, before: TabController, after: TabController, _ operation: BarRandomOperation
    ) {
        let bars = events.standaloneBars
        let old = Set(before.barNames)
        let new = Set(after.barNames)
        #expect(bars.barsAdded == after.barNames.filter { !old.contains($0) }, "\(operation): bars added")
        #expect(bars.barsRemoved == before.barNames.filter { !new.contains($0) }, "\(operation): bars removed")
        var expectedAdded: [BarItemReference] = []
        var expectedRemoved: [BarItemReference] = []
        var durability = Durability.none
        var changedAny = false
        for bar in after.bars {
            let previous = before.bar(named: bar.name)
            expectedAdded += bar.definedItems.filter { previous?.item($0.id) == nil }.map {
                BarItemReference(bar: bar.name, item: $0.id)
            }
        }
        for bar in before.bars {
            let successor = after.bar(named: bar.name)
            expectedRemoved += bar.definedItems.filter { successor?.item($0.id) == nil }.map {
                BarItemReference(bar: bar.name, item: $0.id)
            }
            guard let successor else { continue }
            let changed = StandaloneBarProperty.allCases.filter {
                before.value(of: $0, bar: bar.name) != after.value(of: $0, bar: bar.name)
            }
            #expect(Set(bars.properties(ofBar: bar.name)) == Set(changed), "\(operation): bar \(bar.name) changes")
            durability = max(durability, changed.map(\.durability).max() ?? .none)
            changedAny = changedAny || !changed.isEmpty
            for item in bar.definedItems where successor.item(item.id) != nil {
                let changed = BarItemProperty.allCases.filter {
                    before.value(of: $0, item: item.id, bar: bar.name)
                        != after.value(of: $0, item: item.id, bar: bar.name)
                }
                #expect(
                    Set(bars.properties(ofItem: item.id, bar: bar.name)) == Set(changed),
                    "\(operation): item \(bar.name)/\(item.id) changes")
                durability = max(durability, changed.map(\.durability).max() ?? .none)
                changedAny = changedAny || !changed.isEmpty
            }
        }
        #expect(
            Set(bars.itemsAdded) == Set(expectedAdded) && bars.itemsAdded.count == expectedAdded.count,
            "\(operation): items added")
        #expect(
            Set(bars.itemsRemoved) == Set(expectedRemoved) && bars.itemsRemoved.count == expectedRemoved.count,
            "\(operation): items removed")
        let objects = !expectedAdded.isEmpty || !expectedRemoved.isEmpty || old != new
        if objects { durability = .structural }
        #expect(events.durability >= durability, "\(operation): durability \(events.durability) < \(durability)")
        let others =
            events.controllerProperties.contains { $0 != .revision }
            || events.tabProperties.contains { $0.properties.contains { $0 != .contentRevision } }
        #expect(
            (after.revision > before.revision) == (changedAny || objects || others),
            "\(operation): revision \(before.revision) → \(after.revision)")
        #expect(events.controllerProperties.contains(.revision) == (after.revision > before.revision))
    }

    /// Each signal agrees with the states around it, sessions that open or close say so with
    /// both of their signals, and `changed` is whether the items differ from those at begin
    /// (SBAR-3..5).
    private func checkSignals(
        _ events: TabEvents, before: TabController, after: TabController, _ operation: BarRandomOperation
    ) {
        let signals = events.standaloneBars.signals
        for (position, signal) in signals.enumerated() {
            let old = before.bar(named: signal.bar)
            let new = after.bar(named: signal.bar)
            let next = position + 1 < signals.count ? signals[position + 1] : nil
            switch signal.kind {
            case .itemsSet(let ids, _):
                #expect(new?.items == ids && old?.items != ids, "\(operation): ItemsSet only for a change (SBAR-3)")
            case .didSelectItem(let id):
                #expect(new?.selectedItem == id, "\(operation): DidSelectItem after the selection (SBAR-4)")
            case .willBeginCustomizingItems(let ids):
                #expect(next == BarSignal(bar: signal.bar, kind: .didBeginCustomizingItems(ids)))
                #expect(old?.session == nil && new?.session?.candidates == ids, "\(operation): begin (SBAR-5)")
            case .willEndCustomizingItems(let items, let changed):
                #expect(next == BarSignal(bar: signal.bar, kind: .didEndCustomizingItems(items, changed: changed)))
                let session = old?.session
                #expect(
                    session != nil && changed == (items != session?.itemsAtBegin),
                    "\(operation): end says whether the items changed (SBAR-5)")
                if let new { #expect(new.session == nil && new.items == items) }
            case .didBeginCustomizingItems, .didEndCustomizingItems:
                #expect(position > 0, "\(operation): a did- signal follows its will- signal")
            }
        }
        for bar in before.bars {
            let ended = bar.session != nil && after.bar(named: bar.name)?.session == nil
            #expect(
                ended == signals.contains { $0.bar == bar.name && $0.kind.isWillEnd },
                "\(operation): a session of \(bar.name) ended without its signals")
        }
        for bar in after.bars where bar.session != nil && before.bar(named: bar.name)?.session == nil {
            #expect(
                signals.contains {
                    $0.bar == bar.name && $0.kind == .willBeginCustomizingItems(bar.session!.candidates)
                })
        }
    }

    /// What a successful operation must have done (SBAR-3/4).
    private func checkOperation(_ operation: BarRandomOperation, before: TabController, after: TabController) {
        guard let old = before.bar(named: operation.bar), let new = after.bar(named: operation.bar) else { return }
        switch operation.kind {
        case 6: // SetItems selects nothing new
            #expect(
                new.selectedItem == old.selectedItem.flatMap { new.items.contains($0) ? $0 : nil },
                "\(operation): SBAR-3")
        case 8, 9: // Tap selects an enabled item on the bar, outside a session
            #expect(
                old.session == nil && new.selectedItem != nil && new.item(new.selectedItem!)!.enabled,
                "\(operation): SBAR-4")
        default: break
        }
    }

    /// SBAR-5: while a bar's session is open, SetItems, RemoveItem and RemoveBar are Busy, and
    /// so is a second BeginCustomizingItems; a Tap never gets through.
    private func checkRefusal(_ operation: BarRandomOperation, _ error: any Error, before: TabController) {
        guard let bar = before.bar(named: operation.bar), bar.session != nil, let error = error as? TabError else {
            return
        }
        switch operation.kind {
        case 1, 6, 12: #expect(error.name == "Busy", "\(operation): \(error)")
        case 8, 9:
            #expect(
                ["Busy", "NoSuchItem", "Disabled", "InvalidArgument"].contains(error.name), "\(operation): \(error)")
        default: break
        }
    }

    /// SBAR-5 (CUST-2's rule): while a session stays open, the fixed items keep their place.
    private func checkFixedItemsStayed(before: TabController, after: TabController, _ operation: BarRandomOperation) {
        for bar in before.bars {
            guard let session = bar.session, let successor = after.bar(named: bar.name), successor.session == session
            else { continue }
            for (index, id) in bar.items.enumerated() where !session.isMovable(id) {
                #expect(successor.items.firstIndex(of: id) == index, "\(operation): fixed item \(id) moved")
            }
        }
    }

    /// SBAR-1: snapshot → restore → snapshot keeps every bar.
    private func checkRestorationIdentity(_ c: TabController, _ operation: BarRandomOperation) {
        let saved = c.snapshot()
        var copy = c
        do {
            _ = try copy.restore(saved)
            #expect(copy.snapshot().bars == saved.bars, "\(operation): bars after snapshot → restore → snapshot")
            #expect(copy.bars.map { SavedBar($0) } == c.bars.map { SavedBar($0) })
        } catch {
            Issue.record("\(operation): restore of a fresh snapshot threw \(error)")
        }
    }
}

extension BarSignal.Kind {
    fileprivate var isWillEnd: Bool {
        if case .willEndCustomizingItems = self { return true }
        return false
    }
}
