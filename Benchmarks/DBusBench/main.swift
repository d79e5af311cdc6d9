// `make bench`: method-call throughput and latency of (a) an echo object on the DBus library,
// (b) the same echo written straight against libdbus in C, (c) the bus's own GetId, all
// measured by one raw-libdbus client on one private bus, at window 1 and window 32. Also
// counts heap allocations per call in the two echo services' processes.
import AllocationCounter
import BenchClient
import BenchSupport
import DBus
import Glibc

let arguments = CommandLine.arguments
if arguments.count == 4 && arguments[1] == "serve-swift" {
    do {
        try EchoService.serve(address: arguments[2], name: arguments[3])
    } catch {
        warn("dbus-bench serve-swift: \(error)")
        exit(1)
    }
    exit(0)
}

checkCommandLine(
    usage: """
        usage: dbus-bench [--calls N] [--rounds N]
          Measures the DBus library's method calls against the same echo in C on a private bus;
          prints figures only (see docs/performance.md).
          --calls N    calls per run (default 20000)
          --rounds N   interleaved rounds per figure (default 7)
        """, options: ["--calls", "--rounds"])
let calls = option("--calls", default: 20_000)
let rounds = option("--rounds", default: 7)

let bus = BenchBus()
let address = bus.address
@MainActor func cleanUp() { bus.stop() }
let binDirectory = executableDirectory()
let here = binDirectory + "/dbus-bench"
let swiftName = "org.example.BenchSwift"
let cName = "org.example.BenchC"
bus.spawn([here, "serve-swift", address, swiftName])
bus.spawn([binDirectory + "/bench-echo-c", address, cName])

guard let client = bench_connect(address) else {
    cleanUp()
    exit(1)
}
var waited = 0
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
    Target(
        label: "(a) DBus library echo", destination: swiftName, path: "/bench", interface: EchoService.interface,
        call: bench_call_echo),
    Target(
        label: "(b) C libdbus echo", destination: cName, path: "/bench", interface: EchoService.interface,
        call: bench_call_echo),
    Target(
        label: "(c) bus GetId (floor)", destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
        interface: "org.freedesktop.DBus", call: bench_call_get_id),
]

var latencies = [Int64](repeating: 0, count: calls)
@MainActor func measure(_ target: Target, window: Int32) -> Figures {
    let elapsed = latencies.withUnsafeMutableBufferPointer { buffer in
        bench_run(
            client, target.destination, target.path, target.interface, target.call, window, Int32(calls),
            buffer.baseAddress)
    }
    guard elapsed > 0 else {
        cleanUp()
        fatalError("\(target.label): the run failed")
    }
    return Figures(latencies: latencies, elapsed: elapsed)
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

print("D-Bus method calls: \(calls) calls per run, median of \(rounds) rounds, one raw-libdbus client")
print(pad("target", 26) + pad("window", 8) + pad("calls/s", 10) + pad("p50 µs", 9) + "p99 µs")
var medians: [String: Figures] = [:]
for window in [Int32(1), 32] {
    for target in targets {
        let figures = Figures.median(results["\(target.label)|\(window)"]!)
        medians["\(target.label)|\(window)"] = figures
        print(
            pad(target.label, 26) + pad("\(window)", 8) + pad(number(figures.callsPerSecond, 0), 10)
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
            bench_run(
                client, target.destination, target.path, target.interface, call, 32, Int32(calls), buffer.baseAddress)
        }
        let after = bench_allocations(client, target.destination)
        // The Allocations call itself is one call among `calls`; negligible.
        perCall.append(Double(after - before) / Double(calls))
    }
    print(
        "  \(pad(name, 20)) a: \(number(perCall[0], 2))  b: \(number(perCall[1], 2))  a-b per argument: \(number((perCall[0] - perCall[1]) / Double(arguments), 2))"
    )
}

// The library's own share, without a bus: decoding and encoding (siubtas) in this process.
// Decoding allocates only what the Swift values need; encoding's allocations are libdbus
// growing its message buffer (a C encoder pays the same).
do {
    let long = "The quick brown fox jumps over!!"
    let strings = ["alpha", "bravo", "charlie-delta-echo-foxtrot"]
    let message = try Message.methodCall(
        destination: nil, path: "/bench", interface: EchoService.interface, method: "EchoMixed")
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
        let reply = try Message.methodCall(
            destination: nil, path: "/bench", interface: EchoService.interface, method: "EchoMixed")
        try reply.append(long, Int32(-42), UInt32(42), true, UInt64(1) << 40, strings)
    }
    let encodingWithMessage = Double(allocation_count() - before) / Double(rounds)
    before = allocation_count()
    for _ in 0..<rounds {
        _ = try Message.methodCall(
            destination: nil, path: "/bench", interface: EchoService.interface, method: "EchoMixed")
    }
    let messageAlone = Double(allocation_count() - before) / Double(rounds)
    print("in-process, (siubtas) with one 32-byte string and a 3-element as (one element over 15 bytes):")
    print("  decode: \(number(decoding, 2)) allocations (Swift values: the long s, the array, its long element)")
    print("  encode: \(number(encodingWithMessage - messageAlone, 2)) allocations (libdbus growing its buffers)")
} catch {
    warn("dbus-bench: \(error)")
}

cleanUp()
