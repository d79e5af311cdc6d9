import DBus
import TabModel

/// The presentations one refresh of the views makes (VIEW-5, VIEW-6). Views alike (the same
/// settings in effect, the same More list) present alike: each presentation is made, or
/// brought up to a new selection, once for all of them, and the views that changed alike are
/// announced with one `PropertiesChanged` body sent to each of their paths.
struct SharedPresentations {
    /// A presentation made in this refresh and the views it was made for.
    private struct Made {
        let settings: PresentationSettings
        let showingMore: Bool
        /// Whether it was brought up to the selection from the presentation it replaces, whose
        /// changes are then `reselectedChanges`; else it was made anew.
        let reselected: Bool
        let presentation: Presentation
        let reselectedChanges: [PresentationProperty]
    }

    private var made: [Made] = []
    /// The views' changes to announce, views alike grouped, in the order first met.
    private(set) var changes: [TabBarService.ViewChange] = []
    /// Where each group of `changes` came from: the index in `made`.
    private var changeSources: [Int] = []

    /// The presentation with `settings` and `showingMore`, made by `make` unless made already.
    mutating func presentation(
        with settings: PresentationSettings, showingMore: Bool, make: () -> Presentation
    ) -> (index: Int, presentation: Presentation) {
        if let index = index(reselected: false, settings, showingMore) { return (index, made[index].presentation) }
        let presentation = make()
        made.append(
            Made(
                settings: settings, showingMore: showingMore, reselected: false, presentation: presentation,
                reselectedChanges: []))
        return (made.count - 1, presentation)
    }

    /// `earlier` brought up to a new selection alone by `reselect`, unless a view alike was.
    mutating func reselected(
        _ earlier: Presentation, reselect: () -> (presentation: Presentation, changes: [PresentationProperty])
    ) -> (index: Int, presentation: Presentation, changes: [PresentationProperty]) {
        if let index = index(reselected: true, earlier.settings, earlier.showingMore) {
            return (index, made[index].presentation, made[index].reselectedChanges)
        }
        let (presentation, changes) = reselect()
        made.append(
            Made(
                settings: earlier.settings, showingMore: earlier.showingMore, reselected: true,
                presentation: presentation, reselectedChanges: changes))
        return (made.count - 1, presentation, changes)
    }

    /// Where in `made` the presentation of this kind, settings and More list is. Read in
    /// place: a predicate over `made`'s elements would copy each presentation it looks at.
    private func index(reselected: Bool, _ settings: PresentationSettings, _ showingMore: Bool) -> Int? {
        for index in made.indices
        where made[index].reselected == reselected && made[index].showingMore == showingMore
            && made[index].settings == settings
        {
            return index
        }
        return nil
    }

    /// Notes that the view at `path` now presents the presentation at `index`, which differs
    /// in `properties` from what it presented: with the views whose change is the same.
    mutating func changed(_ path: DBus.ObjectPath, to index: Int, in properties: [PresentationProperty]) {
        if let group = changes.indices.first(where: {
            changeSources[$0] == index && changes[$0].properties == properties
        }) {
            changes[group].paths.append(path)
            return
        }
        changes.append(TabBarService.ViewChange(paths: [path], properties: properties))
        changeSources.append(index)
    }
}
