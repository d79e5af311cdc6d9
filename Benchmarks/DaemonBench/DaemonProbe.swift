import Glibc

/// What `/proc` says about a running daemon: CPU time, wake-ups and memory.
struct DaemonProbe {
    let pid: pid_t

    /// User plus system CPU time in clock ticks (`/proc/PID/stat` fields 14 and 15).
    var cpuTicks: Int {
        guard let text = read("/proc/\(pid)/stat"), let close = text.lastIndex(of: ")") else { return -1 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After the command come state (field 3) onwards; utime and stime are fields 14 and 15.
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    /// Voluntary plus involuntary context switches, per thread id: each wake-up costs one.
    /// Per thread, because worker threads come and go and a sum would lose theirs.
    var contextSwitches: [String: Int] {
        perThread("status") { status in
            status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .reduce(0) { $0 + (Int($1.split(separator: "\t").last ?? "0") ?? 0) }
        }
    }

    /// Nanoseconds each thread has run on a CPU, per thread id (`schedstat`'s first field):
    /// exact where `cpuTicks` counts 10 ms steps, and apart for the loop thread (whose id is
    /// the process id) and the threads that work beside it (the state writer).
    var cpuNanoseconds: [String: Int] {
        perThread("schedstat") { Int($0.split(separator: " ").first ?? "") ?? 0 }
    }

    /// Nanoseconds all its threads have run on a CPU.
    var totalCPUNanoseconds: Int { cpuNanoseconds.values.reduce(0, +) }

    /// What `parse` makes of the file `name` of every thread, by thread id.
    private func perThread(_ name: String, _ parse: (String) -> Int) -> [String: Int] {
        var values: [String: Int] = [:]
        guard let tasks = opendir("/proc/\(pid)/task") else { return [:] }
        defer { closedir(tasks) }
        while let entry = readdir(tasks) {
            let thread = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard thread != ".", thread != "..", let text = read("/proc/\(pid)/task/\(thread)/\(name)") else {
                continue
            }
            values[thread] = parse(text)
        }
        return values
    }

    /// The context switches between two samples: threads that ended count what they did
    /// before `earlier` no more, new threads count everything.
    static func switches(from earlier: [String: Int], to later: [String: Int]) -> Int {
        later.reduce(0) { $0 + $1.value - (earlier[$1.key] ?? 0) }
    }

    /// Resident memory in kB (`VmRSS`).
    var residentKilobytes: Int { statusKilobytes("VmRSS:") }
    /// The anonymous part of it in kB (`RssAnon`: heap, stacks); the rest is file-backed
    /// (`RssFile`: the executable and the libraries' pages) and shared memory.
    var anonymousKilobytes: Int { statusKilobytes("RssAnon:") }
    /// The file-backed part in kB (`RssFile`).
    var fileKilobytes: Int { statusKilobytes("RssFile:") }

    /// A `kB` figure of `/proc/PID/status`, or -1.
    private func statusKilobytes(_ field: String) -> Int {
        guard let status = read("/proc/\(pid)/status") else { return -1 }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? -1
        }
        return -1
    }

    private func read(_ path: String) -> String? { readText(path) }
}

/// The text of a small file (under `/proc`), or nil.
func readText(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
