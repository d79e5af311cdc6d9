import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The daemon loads the runtime libraries a plugin needs and the daemon does not: it reads the
/// missing library from `dlopen`'s message.
@Suite("The Swift runtime shared with plugins")
struct SharedRuntimeTests {
    @Test("a missing Swift runtime library is named from dlopen's message; other failures are not the runtime's")
    func missingLibrary() {
        #expect(
            SharedRuntime.missingRuntimeLibrary(
                in:
                    "/home/a/libhello.so: libswift_Concurrency.so: cannot open shared object file: No such file or directory"
            ) == "libswift_Concurrency.so")
        #expect(
            SharedRuntime.missingRuntimeLibrary(
                in: "/proc/self/fd/9: libdispatch.so: cannot open shared object file: No such file or directory")
                == "libdispatch.so")
        #expect(
            SharedRuntime.missingRuntimeLibrary(
                in: "/home/a/libhello.so: libfoo.so.1: cannot open shared object file: No such file or directory")
                == nil)
        #expect(
            SharedRuntime.missingRuntimeLibrary(
                in: "/home/a/libhello.so: cannot open shared object file: No such file or directory") == nil)
        #expect(
            SharedRuntime.missingRuntimeLibrary(in: "/home/a/libhello.so: undefined symbol: $sSS6appendyySSF") == nil)
    }

    @Test("a file that cannot be loaded fails with dlopen's message, after no more than one try per library")
    func failureMessage() {
        guard case .failure(let error) = SharedRuntime.open("/nonexistent/libnothing.so", flags: 2) else {
            Issue.record("a missing file loaded")
            return
        }
        #expect(error.message.contains("/nonexistent/libnothing.so"))
    }
}
