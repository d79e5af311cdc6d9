/// The spoken label of a bar tab (A11Y-1) in the active locale's language.
///
/// - English, French, German, Spanish: `Selected, <title>, <position> of <count>` with the
///   language's word for "of" (`sur`, `von`, `de`).
/// - Russian: `Выбрано, <title>, четыре из семи`. «из» governs the genitive, so the count is
///   declined (`из семи`, `из двадцати одного`) while the position stays nominative, as a
///   reader says "четыре из семи". «Выбрано» is the neuter short participle VoiceOver uses
///   for a selected element, which agrees with no noun and so fits any title.
/// - Japanese: `選択済み、<title>、全七件中四番目` ("the fourth of seven in all"). Japanese
///   needs a counter rather than a preposition: 全…件中 ("out of … items") and …番目 (the
///   ordinal suffix) are what Japanese UIs read aloud, and kanji numerals are the written form
///   of a spelled-out number. Parts are separated by the ideographic comma 、.
///
/// Any other language falls back to English.
struct AccessibilityPhrasing: Equatable {
    let language: String

    /// Phrasing for a language already taken from a locale (the controller keeps its chain,
    /// so labels, asked for on every selection change, need not parse the locale again).
    init(language: String) {
        self.language = NumberWords.languages.contains(language) ? language : "en"
    }

    func label(title: String, selected: Bool, position: Int, count: Int) -> String {
        let place = self.place(position: position, count: count)
        let separator = language == "ja" ? "、" : ", "
        let parts = selected ? [selectedWord, title, place] : [title, place]
        return parts.joined(separator: separator)
    }

    private var selectedWord: String {
        switch language {
        case "fr": "Sélectionné"
        case "de": "Ausgewählt"
        case "es": "Seleccionado"
        case "ru": "Выбрано"
        case "ja": "選択済み"
        default: "Selected"
        }
    }

    private func place(position: Int, count: Int) -> String {
        let spoken = NumberWords.cardinal(position, language: language)
        switch language {
        case "fr": return "\(spoken) sur \(NumberWords.cardinal(count, language: language))"
        case "de": return "\(spoken) von \(NumberWords.cardinal(count, language: language))"
        case "es": return "\(spoken) de \(NumberWords.cardinal(count, language: language))"
        case "ru": return "\(spoken) из \(NumberWords.russianGenitive(count))"
        case "ja": return "全\(NumberWords.cardinal(count, language: language))件中\(spoken)番目"
        default: return "\(spoken) of \(NumberWords.cardinal(count, language: language))"
        }
    }
}
