import Glibc

/// The Swift runtime a plugin shares with the daemon. The daemon maps only the runtime libraries
/// it uses (no concurrency runtime, libdispatch or regex support: it is built without their
/// implicit imports), but a Swift plugin built with the usual settings needs them, and finds
/// them by name among the libraries already loaded, as it finds `libswiftCore`. So when a
/// plugin cannot be loaded for want of a runtime library, the daemon loads that library from
/// its own runtime (its RUNPATH: the private copy in `PREFIX/lib/tabbard`, or the toolchain's
/// in a build tree) and tries again.
enum SharedRuntime {
    /// `dlopen(path, flags)`, loading each runtime library the file lacks first; the handle, or
    /// `dlerror()`'s message for the last attempt.
    static func open(_ path: String, flags: Int32) -> Result<UnsafeMutableRawPointer, DynamicLoadError> {
        var loaded: Set<String> = []
        while true {
            if let handle = dlopen(path, flags) { return .success(handle) }
            let message = dlerror().map { String(cString: $0) } ?? "unknown error"
            // Each library at most once: a library that loads but leaves the plugin wanting
            // it (another version) must not loop.
            guard let library = missingRuntimeLibrary(in: message), loaded.insert(library).inserted,
                dlopen(library, RTLD_NOW | RTLD_GLOBAL | RTLD_NODELETE) != nil
            else {
                return .failure(DynamicLoadError(message: message))
            }
        }
    }

    /// The Swift runtime library that `dlopen`'s `message` says it cannot find
    /// (`…/libhello.so: libswift_Concurrency.so: cannot open shared object file: …`), or nil.
    static func missingRuntimeLibrary(in message: String) -> String? {
        let parts = message.split(separator: ":").map { part in part.drop { $0 == " " } }
        guard let index = parts.firstIndex(where: { $0 == "cannot open shared object file" }), index > 0 else {
            return nil
        }
        let library = String(parts[index - 1])
        let runtime = library.hasPrefix("libswift") || library == "libdispatch.so" || library == "libBlocksRuntime.so"
        return runtime && !library.contains("/") ? library : nil
    }
}

/// Why `dlopen` failed, as `dlerror()` said it.
struct DynamicLoadError: Error {
    /// `dlerror()`'s message.
    let message: String
}
