import TabbardPluginKit

/// One library section as a tab: the root page lists its groups, and each group is a page
/// that lists its entries. The content is static; subclasses only say which section.
class MediaTab: TabContent {
    /// The tab id; each subclass names its section.
    class var id: String { preconditionFailure("a MediaTab subclass names its section") }

    let host: TabHost
    private let section: MediaLibrary.Section

    required init(host: TabHost) {
        self.host = host
        guard let section = MediaLibrary.sections.first(where: { $0.type.id == Self.id }) else {
            preconditionFailure("no library section for \(Self.id)")
        }
        self.section = section
    }

    var pages: [String] { section.groups.map(\.page) }

    func render(page: String) -> PageContent {
        if let group = section.groups.first(where: { $0.page == page }) {
            let rows = group.entries.enumerated().map { PageRow(id: "\($0.offset + 1)", title: $0.element) }
            return PageContent(
                title: MediaWords.title(group.title, locale), body: group.entries.joined(separator: "\n"), rows: rows)
        }
        let lines = section.groups.map { "\(MediaWords.title($0.title, locale)) (\($0.entries.count))" }
        // Each group's row leads to its page: the pages the tab can reach (PAGE-1).
        let rows = section.groups.map {
            PageRow(
                id: $0.page, title: MediaWords.title($0.title, locale), detail: "\($0.entries.count)", page: $0.page)
        }
        return PageContent(
            title: MediaWords.title(section.title, locale),
            body: lines.isEmpty ? "Empty" : lines.joined(separator: "\n"),
            rows: rows)
    }
}

final class Playlists: MediaTab { override class var id: String { "playlists" } }
final class Artists: MediaTab { override class var id: String { "artists" } }
final class Songs: MediaTab { override class var id: String { "songs" } }
final class Videos: MediaTab { override class var id: String { "videos" } }
final class Podcasts: MediaTab { override class var id: String { "podcasts" } }
final class Audiobooks: MediaTab { override class var id: String { "audiobooks" } }
final class Genres: MediaTab { override class var id: String { "genres" } }
final class Composers: MediaTab { override class var id: String { "composers" } }
final class Compilations: MediaTab { override class var id: String { "compilations" } }
final class MostViewed: MediaTab { override class var id: String { "most-viewed" } }
final class Search: MediaTab { override class var id: String { "search" } }
