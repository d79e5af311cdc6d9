/// The titles of the media library's sections and of their groups' pages in the languages
/// their tabs' titles have in `media.plugin` (PAGE-5): a section's page is titled as its tab.
/// A section whose tab has no translated title reads English, and so do its groups; names of
/// people and works stay as they are.
enum MediaWords {
    /// `title` in the language of `locale` (`fr_FR.UTF-8`), English when there is none.
    static func title(_ title: String, _ locale: String) -> String {
        let language = String(locale.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" })
        return sectionTitles[language]?[title] ?? title
    }

    private static let sectionTitles: [String: [String: String]] = [
        "fr": [
            "Playlists": "Listes de lecture", "Artists": "Artistes", "Songs": "Morceaux", "Videos": "Vidéos",
            "Audiobooks": "Livres audio", "Composers": "Compositeurs", "Compilations": "Compilations",
            "Recently Added": "Ajouts récents", "Top 25 Most Played": "Top 25 des plus écoutés",
            "All Songs": "Tous les morceaux", "Movies": "Films", "Music Videos": "Clips vidéo",
            "Library": "Bibliothèque",
        ],
        "de": [
            "Playlists": "Playlists", "Artists": "Künstler", "Songs": "Titel", "Videos": "Videos",
            "Audiobooks": "Hörbücher", "Composers": "Komponisten", "Compilations": "Kompilationen",
            "Recently Added": "Zuletzt hinzugefügt", "Top 25 Most Played": "Top 25 meistgespielt",
            "All Songs": "Alle Titel", "Movies": "Filme", "Music Videos": "Musikvideos", "Library": "Mediathek",
        ],
        "es": [
            "Playlists": "Listas", "Artists": "Artistas", "Songs": "Canciones", "Videos": "Vídeos",
            "Audiobooks": "Audiolibros", "Composers": "Compositores", "Compilations": "Recopilatorios",
            "Recently Added": "Añadido recientemente", "Top 25 Most Played": "Top 25 más escuchadas",
            "All Songs": "Todas las canciones", "Movies": "Películas", "Music Videos": "Videoclips",
            "Library": "Biblioteca",
        ],
        "ru": [
            "Playlists": "Плейлисты", "Artists": "Артисты", "Songs": "Песни", "Videos": "Видео",
            "Audiobooks": "Аудиокниги", "Composers": "Композиторы", "Compilations": "Сборники",
            "Recently Added": "Недавно добавленные", "Top 25 Most Played": "25 самых популярных",
            "All Songs": "Все песни", "Movies": "Фильмы", "Music Videos": "Клипы", "Library": "Медиатека",
        ],
        "ja": [
            "Playlists": "プレイリスト", "Artists": "アーティスト", "Songs": "曲", "Videos": "ビデオ", "Audiobooks": "オーディオブック",
            "Composers": "作曲者", "Compilations": "コンピレーション",
            "Recently Added": "最近追加した項目", "Top 25 Most Played": "よく再生した25曲", "All Songs": "すべての曲", "Movies": "映画",
            "Music Videos": "ミュージックビデオ", "Library": "ライブラリ",
        ],
    ]
}
