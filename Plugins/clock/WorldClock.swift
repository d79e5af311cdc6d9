import TabbardPluginKit

/// The `world-clock` tab: the time in a list of cities, which actions add and remove. Each
/// city's row is a live time-of-day clock (PAGE-3), so the tab never ticks.
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

    init(host: TabHost) {
        self.host = host
    }

    var actions: [String] {
        let shown = Set(cities)
        return cities.map { "remove-\($0)" }
            + Self.knownCities.filter { !shown.contains($0.slug) }.map { "add-\($0.slug)" }
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
        let at = PageClock.now()
        var lines: [String] = []
        var rows: [PageRow] = []
        for slug in cities {
            guard let city = Self.knownCities.first(where: { $0.slug == slug }) else { continue }
            let hours = city.offsetMinutes / 60
            let minutes = abs(city.offsetMinutes % 60)
            let offset =
                "UTC" + (city.offsetMinutes < 0 ? "-" : "+") + "\(abs(hours))"
                + (minutes == 0 ? "" : ":\(ClockFormat.twoDigits(minutes))")
            lines.append("\(city.name)  \(ClockFormat.timeOfDay(seconds: now + city.offsetMinutes * 60))  \(offset)")
            // PAGE-3: the time of day there, running; the offsets are fixed, so it never jumps.
            let local = ((at / 1_000_000 % 86_400 + Int64(city.offsetMinutes) * 60) % 86_400 + 86_400) % 86_400
            rows.append(
                PageRow(
                    id: slug, title: city.name, detail: offset,
                    clock: PageClock(value: local * 1_000_000 + at % 1_000_000, at: at, rate: 1, format: .timeOfDay)))
        }
        let labels = actions.map { action in
            let adding = action.hasPrefix("add-")
            let slug = String(action.dropFirst(adding ? 4 : 7))
            let name = Self.knownCities.first { $0.slug == slug }?.name ?? slug
            return ActionLabel(
                action: action, label: ClockWords.say(adding ? "Add %" : "Remove %", locale, name),
                icon: adding ? "list-add-symbolic" : "list-remove-symbolic")
        }
        return PageContent(
            title: ClockWords.say("World Clock", locale),
            body: lines.isEmpty ? "No cities" : lines.joined(separator: "\n"),
            rows: rows, actionLabels: labels)
    }
}
