/// The media plugin's static library: every section, its groups and their entries.
enum MediaLibrary {
    /// A page of a section: `page` is its name in navigation, `entries` its rows.
    struct Group {
        let page: String
        let title: String
        let entries: [String]
    }

    /// A section, offered as one tab.
    struct Section {
        let type: MediaTab.Type
        let title: String
        let groups: [Group]
    }

    static let sections: [Section] = [
        Section(
            type: Playlists.self, title: "Playlists",
            groups: [
                Group(page: "recently-added", title: "Recently Added", entries: ["Blue in Green", "So What", "Naima"]),
                Group(
                    page: "top-25", title: "Top 25 Most Played",
                    entries: ["Clair de Lune", "Gymnopédie No. 1", "Take Five"]),
            ]),
        Section(
            type: Artists.self, title: "Artists",
            groups: [
                Group(page: "miles-davis", title: "Miles Davis", entries: ["Kind of Blue", "Sketches of Spain"]),
                Group(page: "john-coltrane", title: "John Coltrane", entries: ["Giant Steps", "A Love Supreme"]),
            ]),
        Section(
            type: Songs.self, title: "Songs",
            groups: [
                Group(
                    page: "all", title: "All Songs",
                    entries: ["Blue in Green", "Clair de Lune", "Giant Steps", "Naima", "So What", "Take Five"])
            ]),
        Section(
            type: Videos.self, title: "Videos",
            groups: [
                Group(page: "movies", title: "Movies", entries: ["Big Buck Bunny", "Sintel"]),
                Group(page: "music-videos", title: "Music Videos", entries: ["Elephants Dream"]),
            ]),
        Section(
            type: Podcasts.self, title: "Podcasts",
            groups: [
                Group(page: "subscriptions", title: "Subscriptions", entries: ["Radio Lab", "The Linux Link"])
            ]),
        Section(
            type: Audiobooks.self, title: "Audiobooks",
            groups: [
                Group(page: "library", title: "Library", entries: ["Moby-Dick", "Pride and Prejudice"])
            ]),
        Section(
            type: Genres.self, title: "Genres",
            groups: [
                Group(page: "jazz", title: "Jazz", entries: ["Kind of Blue", "Giant Steps", "Time Out"]),
                Group(page: "classical", title: "Classical", entries: ["Suite bergamasque", "Gymnopédies"]),
            ]),
        Section(
            type: Composers.self, title: "Composers",
            groups: [
                Group(page: "debussy", title: "Claude Debussy", entries: ["Clair de Lune"]),
                Group(page: "satie", title: "Erik Satie", entries: ["Gymnopédie No. 1"]),
            ]),
        Section(
            type: Compilations.self, title: "Compilations",
            groups: [
                Group(page: "jazz-essentials", title: "Jazz Essentials", entries: ["So What", "Take Five", "Naima"])
            ]),
        Section(
            type: MostViewed.self, title: "Most Viewed",
            groups: [
                Group(page: "this-week", title: "This Week", entries: ["Big Buck Bunny", "Sintel", "Elephants Dream"])
            ]),
        Section(type: Search.self, title: "Search", groups: []),
    ]
}
