/// The More item's face (MORE-6): its title in the six shipped languages (L10N-1) and its
/// standard icon name (ICON-2). The daemon gives them, as it gives a system item's, so that no
/// frontend hard-codes an English "More".
public enum MoreItem {
    /// The title in `language` (a `LocaleChain` language), English for any other.
    static func title(language: String) -> String {
        titles[language] ?? titles["en"]!
    }

    /// UIKit's own words for its More item in each language.
    private static let titles: [String: String] = [
        "en": "More", "fr": "Plus", "de": "Mehr", "es": "Más", "ru": "Ещё", "ja": "その他",
    ]

    /// The languages with a title of their own; a test holds them to those of the tab titles.
    public static var languages: [String] { titles.keys.sorted() }
}
