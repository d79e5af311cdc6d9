import Testing

@testable import TabModel

/// MORE-6: the More item's title, icon name and label are the controller's, localized.
@Suite("The More item's face")
struct MoreItemTests {
    @Test("9 tabs: MoreTitle, MoreIconName, and the label at the last bar position (MORE-6, A11Y-1)")
    func present() throws {
        let controller = try Fixture.media(showing: 9)
        #expect(controller.value(of: .moreTitle) == .string("More"))
        #expect(controller.value(of: .moreIconName) == .string("view-more-horizontal-symbolic"))
        #expect(controller.value(of: .moreAccessibilityLabel) == .string("More, five of five"))
    }

    @Test("the label is empty while there is no More item; title and icon name stay set (MORE-6)")
    func absent() throws {
        var controller = try Fixture.media(showing: 5)
        #expect(controller.value(of: .moreAccessibilityLabel) == .string(""))
        #expect(controller.value(of: .moreTitle) == .string("More"))
        // The More item appears: announced with ShowsMore.
        let events = try controller.setTabs(Array(Fixture.media.prefix(6)))
        #expect(events.announces(.moreAccessibilityLabel) && events.announces(.showsMore))
        #expect(controller.value(of: .moreAccessibilityLabel) == .string("More, five of five"))
        // And goes (MaxVisible 6 holds all six).
        let gone = try controller.setMaxVisible(6)
        #expect(gone.announces(.moreAccessibilityLabel))
        #expect(controller.value(of: .moreAccessibilityLabel) == .string(""))
        #expect(!gone.announces(.moreTitle) && !gone.announces(.moreIconName))
    }

    @Test(
        "selected while SelectedItem is @more: the More list itself, or a More-list tab inside it (MORE-6, SEL-4, SEL-5)"
    )
    func selected() throws {
        var controller = try Fixture.media(showing: 9)
        let more = try controller.selectMore()
        #expect(more.announces(.moreAccessibilityLabel))
        #expect(controller.value(of: .moreAccessibilityLabel) == .string("Selected, More, five of five"))
        _ = try controller.select("genres")
        #expect(controller.value(of: .moreAccessibilityLabel) == .string("Selected, More, five of five"))
        let back = try controller.select("playlists")
        #expect(back.announces(.moreAccessibilityLabel))
        #expect(controller.value(of: .moreAccessibilityLabel) == .string("More, five of five"))
    }

    @Test(
        "localized with Locale in the six languages tab titles have, announced with it (MORE-6, L10N-1)",
        arguments: [
            ("fr_FR.UTF-8", "Plus", "Plus, cinq sur cinq"),
            ("de_DE", "Mehr", "Mehr, fünf von fünf"),
            ("es_ES", "Más", "Más, cinco de cinco"),
            ("ru_RU.UTF-8", "Ещё", "Ещё, пять из пяти"),
            ("ja_JP.UTF-8", "その他", "その他、全五件中五番目"),
            ("it_IT", "More", "More, five of five"),
        ])
    func localized(locale: String, title: String, label: String) throws {
        var controller = try Fixture.media(showing: 9)
        let events = try controller.setLocale(locale)
        #expect(controller.value(of: .moreTitle) == .string(title))
        #expect(controller.value(of: .moreAccessibilityLabel) == .string(label))
        #expect(events.announces(.moreTitle) == (title != "More"))
        #expect(events.announces(.moreAccessibilityLabel) == (title != "More"))
        #expect(!events.announces(.moreIconName))
    }

    @Test("the More title's languages are those of the system item titles (MORE-6, L10N-1)")
    func languages() {
        #expect(MoreItem.languages == SystemItemTitles.table[.favorites]!.keys.sorted())
        #expect(Set(MoreItem.languages) == NumberWords.languages)
    }
}
