/// The shipped translations of the system item titles (ITEM-3, L10N-1), keyed by language.
enum SystemItemTitles {
    static let table: [SystemItem: [String: String]] = [
        .favorites: [
            "en": "Favorites", "fr": "Favoris", "de": "Favoriten", "es": "Favoritos", "ru": "Избранное", "ja": "お気に入り",
        ],
        .featured: [
            "en": "Featured", "fr": "En vedette", "de": "Highlights", "es": "Destacados", "ru": "Подборка", "ja": "注目",
        ],
        .topRated: [
            "en": "Top Rated", "fr": "Les mieux notés", "de": "Top-Bewertungen", "es": "Más valorados", "ru": "Лучшие",
            "ja": "高評価",
        ],
        .recents: [
            "en": "Recents", "fr": "Récents", "de": "Zuletzt", "es": "Recientes", "ru": "Недавние", "ja": "最近の項目",
        ],
        .contacts: [
            "en": "Contacts", "fr": "Contacts", "de": "Kontakte", "es": "Contactos", "ru": "Контакты", "ja": "連絡先",
        ],
        .history: [
            "en": "History", "fr": "Historique", "de": "Verlauf", "es": "Historial", "ru": "История", "ja": "履歴",
        ],
        .bookmarks: [
            "en": "Bookmarks", "fr": "Signets", "de": "Lesezeichen", "es": "Marcadores", "ru": "Закладки",
            "ja": "ブックマーク",
        ],
        .search: ["en": "Search", "fr": "Rechercher", "de": "Suchen", "es": "Buscar", "ru": "Поиск", "ja": "検索"],
        .downloads: [
            "en": "Downloads", "fr": "Téléchargements", "de": "Downloads", "es": "Descargas", "ru": "Загрузки",
            "ja": "ダウンロード",
        ],
        .mostRecent: [
            "en": "Most Recent", "fr": "Plus récents", "de": "Neueste", "es": "Más recientes", "ru": "Последние",
            "ja": "最新",
        ],
        .mostViewed: [
            "en": "Most Viewed", "fr": "Les plus vus", "de": "Meistgesehen", "es": "Más vistos", "ru": "Популярные",
            "ja": "閲覧数順",
        ],
    ]
}
