/// The titles of the media library's sections in the languages their tabs' titles have in
/// `media.plugin` (PAGE-5): a section's page is titled as its tab. A section whose tab has no
/// translated title, and each group's page, read English.
enum MediaWords {
    /// `title` in the language of `locale` (`fr_FR.UTF-8`), English when there is none.
    static func title(_ title: String, _ locale: String) -> String {
        let language = String(locale.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" })
        return sectionTitles[language]?[title] ?? title
    }

    private static let sectionTitles: [String: [String: String]] = [
        "fr": ["Playlists": "Listes de lecture", "Artists": "Artistes", "Songs": "Morceaux", "Videos": "Vidéos", "Audiobooks": "Livres audio", "Composers": "Compositeurs", "Compilations": "Compilations"],
        "de": ["Playlists": "Playlists", "Artists": "Künstler", "Songs": "Titel", "Videos": "Videos", "Audiobooks": "Hörbücher", "Composers": "Komponisten", "Compilations": "Kompilationen"],
        "es": ["Playlists": "Listas", "Artists": "Artistas", "Songs": "Canciones", "Videos": "Vídeos", "Audiobooks": "Audiolibros", "Composers": "Compositores", "Compilations": "Recopilatorios"],
        "ru": ["Playlists": "Плейлисты", "Artists": "Артисты", "Songs": "Песни", "Videos": "Видео", "Audiobooks": "Аудиокниги", "Composers": "Композиторы", "Compilations": "Сборники"],
        "ja": ["Playlists": "プレイリスト", "Artists": "アーティスト", "Songs": "曲", "Videos": "ビデオ", "Audiobooks": "オーディオブック", "Composers": "作曲者", "Compilations": "コンピレーション"],
    ]
}
