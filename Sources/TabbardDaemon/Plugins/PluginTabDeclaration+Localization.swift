extension PluginTabDeclaration {
    /// The title to show under `locale` (L10N-1): the manifest's title for that exact locale,
    /// else for its language without region, else the default title. `locale` may be written
    /// as in `LANG` (`fr_FR.UTF-8`, `de_DE@euro`) or with a dash (`pt-BR`). System item
    /// titles are the daemon's, not the manifest's: this returns `title` (empty) for them.
    public func title(forLocale locale: String) -> String {
        guard systemItem == nil else { return title }
        let wanted = Self.normalized(locale)
        let titles = Dictionary(localizedTitles.map { (Self.normalized($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        if let exact = titles[wanted] { return exact }
        if let language = wanted.split(separator: "_").first, let general = titles[String(language)] { return general }
        return title
    }

    /// `fr_FR.UTF-8` → `fr_FR`; `pt-BR` → `pt_BR`; `de_DE@euro` → `de_DE`.
    private static func normalized(_ locale: String) -> String {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        return String(name.map { $0 == "-" ? "_" : $0 })
    }
}
