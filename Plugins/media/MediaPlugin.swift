import TabbardPluginKit

/// The media plugin's entry point: the iPod app's library tabs, enough to need More.
@c(tabbard_plugin_entry_v1)
public func tabbardPluginEntry(_ hostABIMinor: UInt32, _ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin(name: "media", version: "1.0.0", tabs: MediaLibrary.sections.map(\.type)).entry(hostABIMinor, host)
}
