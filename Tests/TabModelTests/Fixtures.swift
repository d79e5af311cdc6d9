import Testing

@testable import TabModel

/// Catalogs and controllers the tests share.
enum Fixture {
    /// The media plugin's tabs: enough to need the More list.
    static let media = [
        "playlists", "artists", "songs", "videos", "podcasts", "audiobooks", "genres", "composers", "compilations",
    ]

    /// Definitions for `ids`, titled by capitalizing the id.
    static func definitions(_ ids: [String], plugin: String = "media") -> [TabDefinition] {
        ids.map { TabDefinition(id: $0, plugin: plugin, title: $0.prefix(1).uppercased() + $0.dropFirst()) }
    }

    /// `count` tabs named `t0`, `t1`, ….
    static func numbered(_ count: Int) -> [String] { (0..<count).map { "t\($0)" } }

    /// A controller over `ids` (all of them in `Tabs`), otherwise default configuration.
    static func controller(_ ids: [String], configuration: ControllerConfiguration = ControllerConfiguration()) throws
        -> TabController
    {
        try TabController(catalog: definitions(ids), configuration: configuration)
    }

    /// A controller whose `Tabs` are the first `count` media tabs, with all nine in the catalog.
    static func media(showing count: Int, configuration: ControllerConfiguration = ControllerConfiguration()) throws
        -> TabController
    {
        var configuration = configuration
        configuration.tabs = Array(media.prefix(count))
        return try TabController(catalog: definitions(media), configuration: configuration)
    }
}

extension TabEvents {
    /// Whether `property` was announced on the controller.
    func announces(_ property: ControllerProperty) -> Bool { controllerProperties.contains(property) }
}

extension DelegateSignal {
    /// The signal's name as semantics.md writes it (`WillEndCustomizing`), so that tests can
    /// state the order of CUST-3 and TAP-2 as the rules do: the case name, capitalized.
    var member: String {
        let label = Mirror(reflecting: self).children.first?.label ?? "\(self)"
        return label.prefix(1).uppercased() + label.dropFirst()
    }
}

extension TabController {
    /// The `String` value of a tab property, for terse assertions.
    func string(_ property: TabProperty, _ id: String) -> String? {
        if case .string(let text)? = value(of: property, tab: id) { return text }
        return nil
    }
}

/// Expects `body` to throw the `TabError` named `name` (and, when given, a message containing
/// `mentioning`); records an issue when it succeeds.
func expectError<Result>(
    _ name: String, mentioning fragment: String? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Result
) {
    do {
        _ = try body()
        Issue.record("expected \(name), but the call succeeded", sourceLocation: sourceLocation)
    } catch {
        guard let error = error as? TabError else {
            Issue.record("expected a TabError, got \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.name == name, sourceLocation: sourceLocation)
        if let fragment { #expect(error.message.contains(fragment), sourceLocation: sourceLocation) }
    }
}

extension Fixture {
    /// The items of the `modes` bar: four of the app's own and one system item.
    static let modes = ["map", "list", "grid", "photo", "recent"]

    /// A controller over the media tabs with a standalone bar `modes` whose five items are
    /// defined and the first three (`map`, `list`, `grid`) on the bar.
    static func barController(configuration: ControllerConfiguration = ControllerConfiguration()) throws
        -> TabController
    {
        var controller = try media(showing: 5, configuration: configuration)
        _ = try controller.createBar("modes")
        for id in modes.dropLast() {
            _ = try controller.addItem(
                id, title: id.prefix(1).uppercased() + id.dropFirst(), image: id, selectedImage: "\(id)-filled",
                on: "modes")
        }
        _ = try controller.addSystemItem("recent", systemItem: "recents", tag: 7, on: "modes")
        _ = try controller.setItems(["map", "list", "grid"], animated: false, on: "modes")
        return controller
    }
}

extension TabController {
    /// The value of a property of an item of a standalone bar, for terse assertions.
    func value(_ property: BarItemProperty, _ id: String, on bar: String = "modes") -> PropertyValue? {
        value(of: property, item: id, bar: bar)
    }

    /// The value of a property of a standalone bar.
    func value(_ property: StandaloneBarProperty, on bar: String = "modes") -> PropertyValue? {
        value(of: property, bar: bar)
    }
}

extension TabEvents {
    /// The standalone bar signals, without the bar names, for terse assertions.
    var barSignals: [BarSignal.Kind] { standaloneBars.signals.map(\.kind) }
}
