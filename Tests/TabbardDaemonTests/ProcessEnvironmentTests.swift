import Glibc
import Testing

@testable import DaemonBase
@testable import TabbardDaemon

@Suite("The process environment")
struct ProcessEnvironmentTests {
    /// `ProcessEnvironment.entries` of `texts` laid out as `environ` holds them.
    private func read(_ texts: [String]) -> [String: String] {
        let copies = texts.map { strdup($0) }
        defer { for pointer in copies { free(pointer) } }
        return (copies + [nil]).withUnsafeBufferPointer { ProcessEnvironment.entries($0.baseAddress!) }
    }

    @Test("each entry splits at its first '=', whatever follows it")
    func splitsAtFirstEquals() {
        let read = read([
            "PATH=/usr/bin:/bin", "EMPTY=", "EQUALS=a=b=c", "MARK=\u{301}after", "NAME\u{301}=x",
            "LANG=de_DE.UTF-8", "NOEQUALS", "=nameless",
        ])
        #expect(
            read == [
                "PATH": "/usr/bin:/bin", "EMPTY": "", "EQUALS": "a=b=c", "MARK": "\u{301}after", "NAME\u{301}": "x",
                "LANG": "de_DE.UTF-8", "": "nameless",
            ])
    }

    @Test("the current environment reads as getenv sees it")
    func matchesGetenv() {
        let environment = ProcessEnvironment.current()
        #expect(!environment.isEmpty)
        for (name, value) in environment where !name.isEmpty {
            #expect(getenv(name).map { String(cString: $0) } == value, "\(name)")
        }
    }
}
