import TabbardPluginKit

/// The `alarm` tab: a list of alarms. Its badge counts the enabled ones.
final class AlarmList: TabContent {
    static let id = "alarm"

    /// One alarm: a number that names it in actions, a time of day, and whether it is on.
    struct Alarm: Equatable {
        var number: Int
        var minutesAfterMidnight: Int
        var isEnabled: Bool
    }

    let host: TabHost
    private(set) var alarms = [
        Alarm(number: 1, minutesAfterMidnight: 7 * 60, isEnabled: true),
        Alarm(number: 2, minutesAfterMidnight: 8 * 60 + 30, isEnabled: false),
    ]

    init(host: TabHost) {
        self.host = host
        updateBadge()
    }

    var actions: [String] {
        ["add"] + alarms.map { $0.isEnabled ? "disable-\($0.number)" : "enable-\($0.number)" }
    }

    func activate(_ action: String) -> Bool {
        if action == "add" {
            // A new alarm half an hour after the latest one, enabled, as the Clock app's
            // "+" starts from a sensible time rather than asking here.
            let latest = alarms.map(\.minutesAfterMidnight).max() ?? 6 * 60 + 30
            let number = (alarms.map(\.number).max() ?? 0) + 1
            alarms.append(Alarm(number: number, minutesAfterMidnight: (latest + 30) % (24 * 60), isEnabled: true))
        } else if let (number, enable) = Self.parseToggle(action),
            let index = alarms.firstIndex(where: { $0.number == number })
        {
            guard alarms[index].isEnabled != enable else { return false }
            alarms[index].isEnabled = enable
        } else {
            return false
        }
        updateBadge()
        contentChanged()
        return true
    }

    func render(page: String) -> PageContent {
        var lines: [String] = []
        var rows: [PageRow] = []
        for alarm in alarms {
            let time =
                "\(ClockFormat.twoDigits(alarm.minutesAfterMidnight / 60)):\(ClockFormat.twoDigits(alarm.minutesAfterMidnight % 60))"
            lines.append("\(alarm.number). \(time)  \(alarm.isEnabled ? "on" : "off")")
            // Activating an alarm's row turns it on or off.
            rows.append(
                PageRow(
                    id: "alarm-\(alarm.number)", title: time,
                    detail: ClockWords.say(alarm.isEnabled ? "On" : "Off", locale),
                    icon: "alarm-symbolic",
                    action: alarm.isEnabled ? "disable-\(alarm.number)" : "enable-\(alarm.number)"))
        }
        let labels = actions.map { action -> ActionLabel in
            guard action != "add" else {
                return ActionLabel(
                    action: action, label: ClockWords.say("Add alarm", locale), icon: "list-add-symbolic")
            }
            let enabling = action.hasPrefix("enable-")
            let number = String(action.dropFirst(enabling ? 7 : 8))
            return ActionLabel(
                action: action, label: ClockWords.say(enabling ? "Turn on alarm %" : "Turn off alarm %", locale, number)
            )
        }
        return PageContent(
            title: ClockWords.say("Alarms", locale), body: lines.isEmpty ? "No alarms" : lines.joined(separator: "\n"),
            rows: rows, actionLabels: labels)
    }

    private func updateBadge() {
        let enabled = alarms.filter(\.isEnabled).count
        badge = enabled == 0 ? nil : "\(enabled)"
    }

    /// `enable-3` → (3, true); `disable-1` → (1, false).
    private static func parseToggle(_ action: String) -> (Int, Bool)? {
        for (prefix, enable) in [("enable-", true), ("disable-", false)] where action.hasPrefix(prefix) {
            return Int(action.dropFirst(prefix.count)).map { ($0, enable) }
        }
        return nil
    }
}
