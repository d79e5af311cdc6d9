/// The Swift release whose compiler compiled this module, named as `swift --version` names it
/// ("6.3.1", or "6.3" for a .0 release).
///
/// Swift has no stable ABI on Linux: a Swift plugin shares the daemon's Swift runtime, so it
/// must come from the daemon's Swift release. The SDK (`TabbardPluginKit`) records this value
/// in every plugin it builds and the daemon compares it with its own before it calls the
/// plugin's entry point. Both sides compile this one file, so both name their release alike.
///
/// Swift offers no constant for the compiler's version, only `#if compiler(>=…)`, hence the
/// ladder below. The current line of releases is named to the patch; older lines as `6.2.x`,
/// which is enough to tell them apart from the daemon's. The test suite fails when the
/// toolchain that runs it is not named exactly (`SwiftReleaseTests`), so a daemon is never
/// built with a release this ladder does not know: add a rung when the toolchain moves on.
public enum SwiftRelease {
    /// This module's compiler release. A computed literal, so that reading it runs no code
    /// of the Swift runtime: the daemon reads it from plugins built by another release.
    public static var compiler: StaticString {
        #if compiler(>=6.3.2)
            "later than 6.3.1"
        #elseif compiler(>=6.3.1)
            "6.3.1"
        #elseif compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2.x"
        #elseif compiler(>=6.1)
            "6.1.x"
        #elseif compiler(>=6.0)
            "6.0.x"
        #else
            "earlier than 6.0"
        #endif
    }
}
