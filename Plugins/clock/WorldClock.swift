import TabbardPluginKit

/// The `world-clock` tab: the time in a list of cities, which actions add and remove.
///
/// Cities keep a fixed offset from UTC (no time-zone database, no daylight saving): the
/// plugin stays free of Foundation and of files, and the offset is printed next to the time.
final class WorldClock: TabContent {
    static let id = "world-clock"

    /// The cities this tab knows: slug (used in action names), name, offset from UTC in minutes.
    static let knownCities: [(slug: String, name: String, offsetMinutes: Int)] = [
        ("cupertino", "Cupertino", -8 * 60),
        ("new-york", "New York", -5 * 60),
        ("sao-paulo", "São Paulo", -3 * 60),
        ("london", "London", 0),
        ("paris", "Paris", 60),
        ("moscow", "Moscow", 3 * 60),
        ("dubai", "Dubai", 4 * 60),
        ("mumbai", "Mumbai", 5 * 60 + 30),
        ("tokyo", "Tokyo", 9 * 60),
        ("sydney", "Sydney", 10 * 60),
    ]

    let host: TabHost
    /// Slugs of the cities shown, in the order they were added.
    private(set) var cities = ["cupertino", "london", "tokyo"]
    private let ticker: Ticker

    init(host: TabHost) {
        self.host = host
        // The handler captures only the host, which is safe from the ticker's thread.
        self.ticker = Ticker(every: .seconds(1), label: "clock.world-clock") { [host] in host.contentChanged() }
    }

    var actions: [String] {
        let shown = Set(cities)
        return cities.map { "remove-\($0)" } + Self.knownCities.filter { !shown.contains($0.slug) }.map { "add-\($0.slug)" }
    }

    func activate(_ action: String) -> Bool {
        if action.hasPrefix("add-") {
            let slug = String(action.dropFirst(4))
            guard !cities.contains(slug), Self.knownCities.contains(where: { $0.slug == slug }) else { return false }
            cities.append(slug)
        } else if action.hasPrefix("remove-") {
            let slug = String(action.dropFirst(7))
            guard let index = cities.firstIndex(of: slug) else { return false }
            cities.remove(at: index)
        } else {
            return false
        }
        contentChanged()
        return true
    }

    func render(page: String) -> PageContent {
        let now = ClockFormat.secondsSinceMidnightUTC()
        let lines = cities.compactMap { slug -> String? in
            guard let city = Self.knownCities.first(where: { $0.slug == slug }) else { return nil }
            let hours = city.offsetMinutes / 60, minutes = abs(city.offsetMinutes % 60)
            let offset = "UTC" + (city.offsetMinutes < 0 ? "-" : "+") + "\(abs(hours))" + (minutes == 0 ? "" : ":\(ClockFormat.twoDigits(minutes))")
            return "\(city.name)  \(ClockFormat.timeOfDay(seconds: now + city.offsetMinutes * 60))  \(offset)"
        }
        return PageContent(title: "World Clock", body: lines.isEmpty ? "No cities" : lines.joined(separator: "\n"))
    }

    func didAppear() { ticker.start() }
    func didDisappear() { ticker.stop() }
    func close() { ticker.stop() }
}
