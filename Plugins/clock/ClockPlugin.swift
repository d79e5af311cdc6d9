import TabbardPluginKit

/// The clock plugin's entry point: the Clock app's four tabs.
@c(tabbard_plugin_entry_v1)
public func tabbardPluginEntry(_ hostABIMinor: UInt32, _ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin(
        name: "clock", version: "1.0.0", tabs: [WorldClock.self, AlarmList.self, Stopwatch.self, CountdownTimer.self]
    )
    .entry(hostABIMinor, host)
}
