import Testing

@testable import TabModel

@Suite("Localization and accessibility")
struct LocalizationTests {
    private func seven(locale: String) throws -> TabController {
        try Fixture.media(showing: 7, configuration: ControllerConfiguration(maxVisible: 7, locale: locale))
    }

    @Test("bar tabs are labelled 'Selected, title, position of count' in words (A11Y-1)")
    func englishLabels() throws {
        var controller = try seven(locale: "en_US.UTF-8")
        _ = try controller.select("audiobooks")
        #expect(controller.string(.accessibilityLabel, "audiobooks") == "Selected, Audiobooks, six of seven")
        #expect(controller.string(.accessibilityLabel, "artists") == "Artists, two of seven")
    }

    @Test("the count includes the More item; a More-list tab is labelled by its title alone (A11Y-1)")
    func moreCounted() throws {
        let controller = try Fixture.media(showing: 9)
        #expect(controller.string(.accessibilityLabel, "videos") == "Videos, four of five")
        #expect(controller.string(.accessibilityLabel, "genres") == "Genres")
        #expect(controller.string(.accessibilityLabel, "playlists") == "Selected, Playlists, one of five")
    }

    @Test(
        "labels are spoken in the six shipped languages, others fall back to English (A11Y-1)",
        arguments: [
            ("fr_FR.UTF-8", "Sélectionné, Audiobooks, six sur sept"),
            ("de_DE", "Ausgewählt, Audiobooks, sechs von sieben"),
            ("es_ES", "Seleccionado, Audiobooks, seis de siete"),
            ("ru_RU.UTF-8", "Выбрано, Audiobooks, шесть из семи"),
            ("ja_JP.UTF-8", "選択済み、Audiobooks、全七件中六番目"),
            ("it_IT", "Selected, Audiobooks, six of seven"),
        ])
    func languages(locale: String, expected: String) throws {
        var controller = try seven(locale: locale)
        _ = try controller.select("audiobooks")
        #expect(controller.string(.accessibilityLabel, "audiobooks") == expected)
    }

    @Test("numbers are spelled out up to 64 with each language's grammar (A11Y-1)")
    func numberWords() {
        #expect(NumberWords.cardinal(21, language: "en") == "twenty-one")
        #expect(NumberWords.cardinal(64, language: "en") == "sixty-four")
        #expect(NumberWords.cardinal(21, language: "fr") == "vingt et un")
        #expect(NumberWords.cardinal(17, language: "fr") == "dix-sept")
        #expect(NumberWords.cardinal(61, language: "fr") == "soixante et un")
        #expect(NumberWords.cardinal(21, language: "de") == "einundzwanzig")
        #expect(NumberWords.cardinal(1, language: "de") == "eins")
        #expect(NumberWords.cardinal(16, language: "de") == "sechzehn")
        #expect(NumberWords.cardinal(22, language: "es") == "veintidós")
        #expect(NumberWords.cardinal(31, language: "es") == "treinta y uno")
        #expect(NumberWords.cardinal(42, language: "ru") == "сорок два")
        #expect(NumberWords.russianGenitive(21) == "двадцати одного")
        #expect(NumberWords.russianGenitive(40) == "сорока")
        #expect(NumberWords.cardinal(10, language: "ja") == "十")
        #expect(NumberWords.cardinal(64, language: "ja") == "六十四")
        #expect(NumberWords.cardinal(65, language: "en") == "65")
        for language in NumberWords.languages {
            let words = (1...64).map { NumberWords.cardinal($0, language: language) }
            #expect(Set(words).count == 64, "\(language) spells two numbers alike")
        }
    }

    @Test("titles follow the locale, then its language, then the default title (L10N-1)")
    func titleFallback() throws {
        let definition = TabDefinition(
            id: "clock", plugin: "clock", title: "Clock",
            localizedTitles: ["fr": "Horloge", "fr_CA": "Horloge (CA)", "de": "Uhr"])
        var controller = try TabController(
            catalog: [definition], configuration: ControllerConfiguration(locale: "fr_CA.UTF-8"))
        #expect(controller.title(of: "clock") == "Horloge (CA)")
        _ = try controller.setLocale("fr_BE.UTF-8")
        #expect(controller.title(of: "clock") == "Horloge")
        let events = try controller.setLocale("de_AT@euro")
        #expect(controller.title(of: "clock") == "Uhr")
        #expect(events.properties(of: "clock").contains(.title))
        #expect(events.durability == .structural)
        _ = try controller.setLocale("pt_BR")
        #expect(controller.title(of: "clock") == "Clock")
        _ = try controller.setLocale("C")
        #expect(controller.title(of: "clock") == "Clock")
        expectError("InvalidArgument") { try controller.setLocale("fr CA") }
        let hyphenated = TabDefinition(id: "c", plugin: "p", title: "Clock", localizedTitles: ["pt-BR": "Relógio"])
        let brazil = try TabController(
            catalog: [hyphenated], configuration: ControllerConfiguration(locale: "pt_BR.UTF-8"))
        #expect(brazil.title(of: "c") == "Relógio")
    }

    @Test("system item titles ship in English, French, German, Spanish, Russian and Japanese (L10N-1)")
    func systemTitles() {
        for item in SystemItem.allCases {
            let titles = ["en", "fr", "de", "es", "ru", "ja"].map { item.title(locale: $0) }
            #expect(titles.allSatisfy { !$0.isEmpty })
            #expect(Set(titles.dropFirst()).count >= 3, "\(item) looks untranslated")
        }
        #expect(SystemItem.search.title(locale: "ru_RU.UTF-8") == "Поиск")
        #expect(SystemItem.search.title(locale: "ja_JP") == "検索")
        #expect(SystemItem.search.title(locale: "") == "Search")
    }

    @Test(
        "a label is announced exactly when its text changes, a set title's phrasing in a new language included (A11Y-1)"
    )
    func labelChangesAnnounced() throws {
        var controller = try seven(locale: "en_US.UTF-8")
        _ = try controller.setTitle("artists", to: "Künstler")
        let steps: [(String, (inout TabController) throws -> TabEvents)] = [
            ("select", { try $0.select("audiobooks") }),
            ("new language", { try $0.setLocale("de_DE") }),
            ("select a titled tab", { try $0.select("artists") }),
            ("select it again", { try $0.select("artists") }),
            ("same language", { try $0.setLocale("de_AT") }),
            ("another language", { try $0.setLocale("ja_JP.UTF-8") }),
            ("a language phrased in English", { try $0.setLocale("it_IT") }),
            ("another one phrased in English", { try $0.setLocale("nl_NL") }),
        ]
        for (name, step) in steps {
            let before = controller.tabs.map { controller.string(.accessibilityLabel, $0) }
            let events = try step(&controller)
            for (index, id) in controller.tabs.enumerated() {
                let changed = before[index] != controller.string(.accessibilityLabel, id)
                #expect(events.properties(of: id).contains(.accessibilityLabel) == changed, "\(name): \(id)")
            }
        }
    }
}
