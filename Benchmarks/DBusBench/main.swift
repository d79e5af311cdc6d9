// `make bench`: method-call throughput and latency of (a) an echo object on the DBus library,
// (b) the same echo written straight against libdbus in C, (c) the bus's own GetId, all
// measured by one raw-libdbus client on one private bus, at window 1 and window 32. Also
// counts heap allocations per call in the two echo services' processes.
import AllocationCounter
import BenchClient
import DBus
import Glibc

/// Writes a line to standard error (the C `stderr` global is not concurrency-safe in Swift 6).
func warn(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}

let arguments = CommandLine.arguments
if arguments.count == 4 && arguments[1] == "serve-swift" {
    do {
        try EchoService.serve(address: arguments[2], name: arguments[3])
    } catch {
        warn("dbus-bench serve-swift: \(error)")
        exit(1)
    }
}

@MainActor func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]) else {
        return value
    }
    return number
}

let calls = option("--calls", default: 20_000)
let rounds = option("--rounds", default: 7)

/// Starts a program; `quiet` sends its standard error to /dev/null (dbus-daemon warns that it
/// cannot raise its descriptor limit when unprivileged).
func spawn(_ argv: [String], quiet: Bool = false) -> pid_t {
    var pid: pid_t = 0
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if quiet { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
    guard posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ) == 0 else {
        warn("dbus-bench: cannot start \(argv[0])")
        exit(1)
    }
    return pid
}

// A private bus in a temporary directory.
var template = Array("/tmp/dbus-bench-XXXXXX".utf8CString)
guard let directoryPointer = mkdtemp(&template) else { fatalError("mkdtemp failed") }
let directory = String(cString: directoryPointer)
let socket = directory + "/bus"
let address = "unix:path=" + socket
let config = """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:path=\(socket)</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """
let configPath = directory + "/bus.conf"
guard let file = fopen(configPath, "w") else { fatalError("cannot write \(configPath)") }
fputs(config, file)
fclose(file)

var children: [pid_t] = []
@MainActor func cleanUp() {
    for child in children.reversed() {
        kill(child, SIGKILL)
        waitpid(child, nil, 0)
    }
    unlink(configPath)
    unlink(socket)
    rmdir(directory)
}

children.append(spawn(["/usr/bin/dbus-daemon", "--config-file=\(configPath)", "--nofork", "--nopidfile"], quiet: true))
var waited = 0
while access(socket, F_OK) != 0 && waited < 1000 {
    usleep(10_000)
    waited += 1
}

let here = String(cString: realpath("/proc/self/exe", nil))
let binDirectory = String(here[..<here.lastIndex(of: "/")!])
let swiftName = "org.example.BenchSwift"
let cName = "org.example.BenchC"
children.append(spawn([here, "serve-swift", address, swiftName]))
children.append(spawn([binDirectory + "/bench-echo-c", address, cName]))

guard let client = bench_connect(address) else {
    cleanUp()
    exit(1)
}
waited = 0
while (bench_name_has_owner(client, swiftName) == 0 || bench_name_has_owner(client, cName) == 0) && waited < 1000 {
    usleep(10_000)
    waited += 1
}

struct Target {
    let label: String
    let destination: String
    let path: String
    let interface: String
    let call: bench_call
}

let targets = [
    Target(label: "(a) DBus library echo", destination: swiftName, path: "/bench", interface: EchoService.interface, call: bench_call_echo),
    Target(label: "(b) C libdbus echo", destination: cName, path: "/bench", interface: EchoService.interface, call: bench_call_echo),
    Target(label: "(c) bus GetId (floor)", destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
           interface: "org.freedesktop.DBus", call: bench_call_get_id),
]

struct Figures {
    var callsPerSecond: Double
    var p50: Double
    var p99: Double
}

var latencies = [Int64](repeating: 0, count: calls)
@MainActor func measure(_ target: Target, window: Int32) -> Figures {
    let elapsed = latencies.withUnsafeMutableBufferPointer { buffer in
        bench_run(client, target.destination, target.path, target.interface, target.call, window, Int32(calls), buffer.baseAddress)
    }
    guard elapsed > 0 else {
        cleanUp()
        fatalError("\(target.label): the run failed")
    }
    let sorted = latencies.sorted()
    return Figures(callsPerSecond: Double(calls) / (Double(elapsed) / 1e9),
                   p50: Double(sorted[sorted.count / 2]) / 1000,
                   p99: Double(sorted[sorted.count * 99 / 100]) / 1000)
}

// Warm up every path once, then interleave the rounds so drifting machine load hits all
// targets alike; report the median round of each.
for target in targets { _ = measure(target, window: 32) }
var results: [String: [Figures]] = [:]
for _ in 0..<rounds {
    for window in [Int32(1), 32] {
        for target in targets {
            results["\(target.label)|\(window)", default: []].append(measure(target, window: window))
        }
    }
}

func median(_ figures: [Figures]) -> Figures {
    let byRate = figures.sorted { $0.callsPerSecond < $1.callsPerSecond }
    let p50s = figures.map(\.p50).sorted()
    let p99s = figures.map(\.p99).sorted()
    return Figures(callsPerSecond: byRate[byRate.count / 2].callsPerSecond, p50: p50s[p50s.count / 2], p99: p99s[p99s.count / 2])
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func number(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return decimals == 0 ? String(Int(rounded)) : String(rounded)
}

print("D-Bus method calls: \(calls) calls per run, median of \(rounds) rounds, one raw-libdbus client")
print(pad("target", 26) + pad("window", 8) + pad("calls/s", 10) + pad("p50 µs", 9) + "p99 µs")
var medians: [String: Figures] = [:]
for window in [Int32(1), 32] {
    for target in targets {
        let figures = median(results["\(target.label)|\(window)"]!)
        medians["\(target.label)|\(window)"] = figures
        print(pad(target.label, 26) + pad("\(window)", 8) + pad(number(figures.callsPerSecond, 0), 10)
              + pad(number(figures.p50, 1), 9) + number(figures.p99, 1))
    }
}
for (window, goal) in [(Int32(1), 0.9), (32, 0.8)] {
    let a = medians["\(targets[0].label)|\(window)"]!.callsPerSecond
    let b = medians["\(targets[1].label)|\(window)"]!.callsPerSecond
    print("ratio a/b at window \(window): \(number(a / b, 2)) (target ≥ \(goal))")
}

// Heap allocations per call in each service process, read before and after a run.
print("heap allocations per call in the service process (interposed malloc family):")
for (call, name, arguments) in [(bench_call_echo, "Echo(s)", 1), (bench_call_mixed, "EchoMixed(siubtas)", 6)] {
    var perCall: [Double] = []
    for target in targets.prefix(2) {
        let before = bench_allocations(client, target.destination)
        _ = latencies.withUnsafeMutableBufferPointer { buffer in
            bench_run(client, target.destination, target.path, target.interface, call, 32, Int32(calls), buffer.baseAddress)
        }
        let after = bench_allocations(client, target.destination)
        // The Allocations call itself is one call among `calls`; negligible.
        perCall.append(Double(after - before) / Double(calls))
    }
    print("  \(pad(name, 20)) a: \(number(perCall[0], 2))  b: \(number(perCall[1], 2))  a-b per argument: \(number((perCall[0] - perCall[1]) / Double(arguments), 2))")
}


// The library's own share, without a bus: decoding and encoding (siubtas) in this process.
// Decoding allocates only what the Swift values need; encoding's allocations are libdbus
// growing its message buffer (a C encoder pays the same).
do {
    let long = "The quick brown fox jumps over!!"
    let strings = ["alpha", "bravo", "charlie-delta-echo-foxtrot"]
    let message = try Message.methodCall(destination: nil, path: "/bench", interface: EchoService.interface, method: "EchoMixed")
    try message.append(long, Int32(-42), UInt32(42), true, UInt64(1) << 40, strings)
    let rounds = 10_000
    var before = allocation_count()
    for _ in 0..<rounds {
        let decoded = try message.decode(String.self, Int32.self, UInt32.self, Bool.self, UInt64.self, [String].self)
        precondition(decoded.0.utf8.count == 32)
    }
    let decoding = Double(allocation_count() - before) / Double(rounds)
    before = allocation_count()
    for _ in 0..<rounds {
        let reply = try Message.methodCall(destination: nil, path: "/bench", interface: EchoService.interface, method: "EchoMixed")
        try reply.append(long, Int32(-42), UInt32(42), true, UInt64(1) << 40, strings)
    }
    let encodingWithMessage = Double(allocation_count() - before) / Double(rounds)
    before = allocation_count()
    for _ in 0..<rounds {
        _ = try Message.methodCall(destination: nil, path: "/bench", interface: EchoService.interface, method: "EchoMixed")
    }
    let messageAlone = Double(allocation_count() - before) / Double(rounds)
    print("in-process, (siubtas) with one 32-byte string and a 3-element as (one element over 15 bytes):")
    print("  decode: \(number(decoding, 2)) allocations (Swift values: the long s, the array, its long element)")
    print("  encode: \(number(encodingWithMessage - messageAlone, 2)) allocations (libdbus growing its buffers)")
} catch {
    warn("dbus-bench: \(error)")
}

cleanUp()
