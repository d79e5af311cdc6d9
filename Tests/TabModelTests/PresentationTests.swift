import PropertyBased
import Testing

@testable import TabModel

/// VIEW-2/3: a presentation with some settings is what the controller itself presents with
/// those settings: the same function, so MORE, TOP, ORI, L10N and A11Y hold for views too.
@Suite("Presentation as a function of the model and settings")
struct PresentationTests {
    private static let sequences = Gen.int(in: 0...1_000_000).array(of: 1...30)
    private static let maxVisible = Gen.int(in: 2...14) // 12 tabs at most: beyond, every width presents alike
    private static let layouts = Gen<TabLayout>.case
    private static let orientations = Gen<Orientation>.case
    private static let locales = Gen<String?>.element(of: [
        "", "C", "en_US.UTF-8", "fr_FR", "de_DE", "es", "ru_RU", "ja_JP", "pt_BR", "xx",
    ])

    @Test(
        "VIEW-2: a view's presentation equals the controller's own with the view's settings, for random models and settings"
    )
    func presentationMatchesTheControllersWithTheSameSettings() async {
        await Self.forRandomSettings { codes, settings, showingMore in
            try RandomOperation.afterEachStep(of: codes) { controller in
                let view = controller.presentation(with: settings, showingMore: showingMore)
                let twin = Self.controller(controller, presentingWith: settings, showingMore: showingMore)
                Self.expect(view, presentedBy: twin, "\(codes) \(settings) more=\(showingMore)")
            }
        }
    }

    @Test("VIEW-2: the controller's presentation is the function with its own settings")
    func controllersPresentationIsTheFunction() async {
        await propertyCheck(count: 80, input: Self.sequences) { codes in
            try RandomOperation.afterEachStep(of: codes) { controller in
                #expect(
                    controller.presentation
                        == controller.presentation(with: controller.settings, showingMore: controller.showsMoreList))
                Self.expect(controller.presentation, presentedBy: controller, "\(codes)")
            }
        }
    }

    @Test(
        "VIEW-6: after each step, a presentation its events leave alone, or brought up to a new selection alone, is the one made anew, with exactly the changes compared"
    )
    func presentationFollowsWhatTheEventsChanged() async {
        await Self.forRandomSettings { codes, settings, showingMore in
            var controller = try RandomOperation.controller()
            var pending: [PendingTap] = []
            var presented = controller.presentation(with: settings, showingMore: showingMore)
            for code in codes {
                let operation = RandomOperation(code: code)
                let events = try? operation.apply(to: &controller, pending: &pending)
                let fresh = controller.presentation(with: settings, showingMore: presented.showingMore)
                let context = "\(codes) at \(operation) \(settings) more=\(showingMore)"
                switch events?.presentationChange ?? .none {
                case .none:
                    #expect(fresh == presented, "\(context): left alone")
                case .selection:
                    let (now, changes) = controller.reselected(presented)
                    #expect(now == fresh, "\(context): reselected")
                    #expect(changes == fresh.changes(since: presented), "\(context): changes")
                case .any:
                    break
                }
                presented = fresh
            }
        }
    }

    @Test("VIEW-3: a view hides the controller's selected tab: SelectedItem is empty, the tab's label is its title")
    func hiddenSelectionIsEmpty() throws {
        var controller = try Fixture.media(showing: 9)
        _ = try controller.select("podcasts")
        let top = PresentationSettings(maxVisible: 3, layout: .top, orientation: .portrait, locale: "")
        let view = controller.presentation(with: top, showingMore: false)
        #expect(view.selectedItem == "")
        #expect(view.hiddenTabs.contains("podcasts") && view.accessibilityLabels["podcasts"] == "Podcasts")
        #expect(
            controller.selectedTab == "podcasts" && controller.selectedItem == "@more",
            "the controller's own selection stays")
    }

    @Test("VIEW-3: ShowingMore ends where the view has no More item; while shown, SelectedItem is @more")
    func showingMoreNeedsAMoreItem() throws {
        let controller = try Fixture.media(showing: 4)
        let wide = PresentationSettings(maxVisible: 8, layout: .bottom, orientation: .portrait, locale: "fr_FR")
        let narrow = PresentationSettings(maxVisible: 3, layout: .bottom, orientation: .portrait, locale: "fr_FR")
        #expect(!controller.presentation(with: wide, showingMore: true).showingMore)
        let shown = controller.presentation(with: narrow, showingMore: true)
        #expect(shown.showingMore && shown.selectedItem == "@more" && shown.moreTitle == "Plus")
        #expect(shown.moreAccessibilityLabel == "Sélectionné, Plus, trois sur trois")
        #expect(
            shown.changes(since: controller.presentation(with: narrow, showingMore: false)) == [
                .selectedItem, .showingMore, .accessibilityLabels, .moreAccessibilityLabel,
            ])
    }

    // MARK: Support

    /// `body` with random operation codes, presentation settings and More list, 150 times.
    private static func forRandomSettings(
        _ body: ([Int], PresentationSettings, Bool) throws -> Void
    ) async {
        await propertyCheck(
            count: 150, input: sequences, maxVisible, layouts, orientations, locales, Gen.bool
        ) {
            codes, maxVisible, layout, orientation, locale, showingMore in
            try body(
                codes,
                PresentationSettings(
                    maxVisible: maxVisible, layout: layout, orientation: orientation, locale: locale ?? ""),
                showingMore)
        }
    }

    /// `controller` with `settings` and, when the presentation has a More item and
    /// `showingMore`, its More list shown: fields set directly, so that nothing but the
    /// settings differs (the setters would also move the selection, MORE-4/5, TOP-3).
    private static func controller(
        _ controller: TabController, presentingWith settings: PresentationSettings, showingMore: Bool
    ) -> TabController {
        var twin = controller
        twin.settings = settings
        twin.recomputeOrientations() // ORI-4
        twin.showsMoreList = showingMore && twin.showsMore
        return twin
    }

    /// Each presented value against what `controller` answers for its own properties.
    private static func expect(_ view: Presentation, presentedBy controller: TabController, _ context: String) {
        #expect(
            view.items == controller.barItems && .strings(view.items) == controller.value(of: BarProperty.items),
            "\(context): Items")
        #expect(
            .strings(view.visibleTabs) == controller.value(of: ControllerProperty.visibleTabs),
            "\(context): VisibleTabs")
        #expect(.strings(view.moreTabs) == controller.value(of: ControllerProperty.moreTabs), "\(context): MoreTabs")
        #expect(
            .strings(view.hiddenTabs) == controller.value(of: ControllerProperty.hiddenTabs), "\(context): HiddenTabs")
        #expect(
            view.visibleTabs + view.moreTabs + view.hiddenTabs == controller.tabs,
            "\(context): partition (MORE-1, TOP-1)")
        #expect(.bool(view.showsMore) == controller.value(of: ControllerProperty.showsMore), "\(context): ShowsMore")
        #expect(
            .string(view.selectedItem) == controller.value(of: ControllerProperty.selectedItem),
            "\(context): SelectedItem")
        #expect(
            .string(view.selectedItem) == controller.value(of: BarProperty.selectedItem), "\(context): bar SelectedItem"
        )
        #expect(view.showingMore == controller.showsMoreList, "\(context): ShowingMore")
        #expect(
            Set(view.titles.keys) == Set(controller.tabs) && Set(view.accessibilityLabels.keys) == Set(controller.tabs),
            "\(context): keys")
        for id in controller.tabs {
            #expect(
                view.titles[id].map(PropertyValue.string) == controller.value(of: .title, tab: id),
                "\(context): Title of \(id)")
            #expect(
                view.accessibilityLabels[id].map(PropertyValue.string)
                    == controller.value(of: .accessibilityLabel, tab: id),
                "\(context): AccessibilityLabel of \(id)")
        }
        #expect(.string(view.moreTitle) == controller.value(of: ControllerProperty.moreTitle), "\(context): MoreTitle")
        #expect(
            .string(view.moreAccessibilityLabel) == controller.value(of: ControllerProperty.moreAccessibilityLabel),
            "\(context): MoreAccessibilityLabel")
        #expect(
            .string(view.settings.orientation.rawValue) == controller.value(of: ControllerProperty.orientation),
            "\(context): Orientation (ORI-4)")
        #expect(
            .uint32(UInt32(view.settings.maxVisible)) == controller.value(of: ControllerProperty.maxVisible),
            "\(context): MaxVisible")
        #expect(
            .string(view.settings.layout.rawValue) == controller.value(of: ControllerProperty.layout),
            "\(context): Layout")
        #expect(.string(view.settings.locale) == controller.value(of: ControllerProperty.locale), "\(context): Locale")
    }
}
