import TabbardSwiftRelease

/// The Swift release that compiled this plugin, exported under
/// `TABBARD_PLUGIN_SWIFT_RELEASE_SYMBOL` so that the daemon can refuse a plugin from another
/// release (Swift has no stable ABI on Linux) before it calls the entry point. Every plugin
/// built with the SDK exports it; the author writes nothing for it.
///
/// It returns a pointer into the module's constant data and calls nothing else, so the
/// daemon may call it even in a plugin built by a release whose runtime differs from its own.
@_cdecl("tabbard_plugin_swift_release_v1")
public func tabbardPluginSwiftRelease() -> UnsafePointer<CChar> {
    UnsafeRawPointer(SwiftRelease.compiler.utf8Start).assumingMemoryBound(to: CChar.self)
}
