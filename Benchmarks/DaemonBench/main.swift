// `make bench` (daemon part): what tabbard's requests cost, measured by one raw-libdbus client
// on one private bus beside the C echo service of the D-Bus benchmark: Select, Tap, SetBadge
// and GetAll at windows 1 and 32; Tap with a delegate that answers at once; Select and
// Describe with 10,000 tabs; start to READY=1; an idle daemon's wake-ups and memory.
import BenchClient
import BenchSupport
import Glibc

let arguments = CommandLine.arguments
if arguments.count == 3 && arguments[1] == "serve-delegate" {
    do {
        try AlwaysAllowDelegate.serve(address: arguments[2])
    } catch {
        warn("daemon-bench serve-delegate: \(error)")
        exit(1)
    }
    exit(0)
}

let calls = option("--calls", default: 10_000)
let rounds = option("--rounds", default: 5)
let packageRoot = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))
let binaries = executableDirectory()
let bus = BenchBus()
let service = "org.tabbard.TabBar1"
let controllerPath = "/org/tabbard/TabBar1"

guard let client = bench_connect(bus.address) else {
    bus.stop()
    exit(1)
}

@MainActor func waitForOwner(_ name: String) {
    var waited = 0
    while bench_name_has_owner(client, name) == 0 && waited < 1000 {
        usleep(5_000)
        waited += 1
    }
}

@MainActor func waitForNoOwner(_ name: String) {
    var waited = 0
    while bench_name_has_owner(client, name) != 0 && waited < 1000 {
        usleep(5_000)
        waited += 1
    }
}

/// Starts tabbard with `pluginDirectory` and waits until it owns its name.
@MainActor func startDaemon(pluginDirectory: String, state: String, environment: [String] = []) -> pid_t {
    let pid = bus.spawn([binaries + "/tabbard", "--address", bus.address, "--plugin-dir", pluginDirectory,
                         "--state-dir", state, "--log-level", "warning"], environment: environment)
    waitForOwner(service)
    return pid
}

@MainActor func stopDaemon(_ pid: pid_t) {
    bus.kill(pid, signal: SIGTERM)
    waitForNoOwner(service)
}

// MARK: - What one run measures

/// One kind of request: a member of the controller and the argument lists it cycles through.
struct Request {
    let label: String
    let destination: String
    let path: String
    let interface: String
    let member: String
    let argumentSets: [[String]]
}

var latencies = [Int64](repeating: 0, count: calls)
@MainActor func measure(_ request: Request, window: Int32, count: Int = calls) -> Figures {
    let flat = request.argumentSets.flatMap { $0 }
    let cStrings = flat.map { strdup($0) }
    defer { cStrings.forEach { free($0) } }
    let pointers = cStrings.map { UnsafePointer<CChar>($0) }
    let elapsed = pointers.withUnsafeBufferPointer { argumentBuffer in
        latencies.withUnsafeMutableBufferPointer { buffer in
            bench_run_strings(client, request.destination, request.path, request.interface, request.member,
                              argumentBuffer.baseAddress, Int32(request.argumentSets.first?.count ?? 0),
                              Int32(request.argumentSets.count), 0, window, Int32(count), buffer.baseAddress)
        }
    }
    guard elapsed > 0 else {
        bus.stop()
        fatalError("\(request.label): the run failed")
    }
    return Figures(latencies: Array(latencies.prefix(count)), elapsed: elapsed)
}

@MainActor func controller(_ label: String, _ member: String, _ sets: [[String]]) -> Request {
    Request(label: label, destination: service, path: controllerPath, interface: "org.tabbard.TabBar1", member: member, argumentSets: sets)
}

/// Runs every request at windows 1 and 32, interleaved over the rounds, and returns medians.
@MainActor func table(_ requests: [Request]) -> [String: Figures] {
    for request in requests { _ = measure(request, window: 32, count: min(calls, 2000)) }
    var results: [String: [Figures]] = [:]
    for _ in 0..<rounds {
        for window in [Int32(1), 32] {
            for request in requests {
                results["\(request.label)|\(window)", default: []].append(measure(request, window: window))
            }
        }
    }
    var medians: [String: Figures] = [:]
    for (key, figures) in results { medians[key] = Figures.median(figures) }
    return medians
}

@MainActor func printTable(_ requests: [Request], _ medians: [String: Figures]) {
    print(pad("request", 30) + pad("window", 8) + pad("calls/s", 10) + pad("p50 µs", 9) + "p99 µs")
    for window in [Int32(1), 32] {
        for request in requests {
            let figures = medians["\(request.label)|\(window)"]!
            print(pad(request.label, 30) + pad("\(window)", 8) + pad(number(figures.callsPerSecond, 0), 10)
                  + pad(number(figures.p50, 1), 9) + number(figures.p99, 1))
        }
    }
}

// MARK: - Start to READY=1

let bundledPlugins = packageRoot + "/.build/plugins"
var startTimes: [Double] = []
for attempt in 0..<7 {
    let notifyPath = bus.scratch("notify-\(attempt)") + "/socket"
    let notify = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(notifyPath.utf8)) }
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(notify, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(notify, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var began = timespec()
    clock_gettime(CLOCK_MONOTONIC, &began)
    let pid = bus.spawn([binaries + "/tabbard", "--address", bus.address, "--plugin-dir", bundledPlugins, "--state-dir",
                         bus.scratch("start-\(attempt)"), "--log-level", "warning"], environment: ["NOTIFY_SOCKET=\(notifyPath)"])
    var buffer = [UInt8](repeating: 0, count: 512)
    while true {
        let count = recv(notify, &buffer, buffer.count, 0)
        if count <= 0 { break }
        if String(decoding: buffer[..<count], as: UTF8.self).contains("READY=1") {
            var ready = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ready)
            startTimes.append(Double(ready.tv_sec - began.tv_sec) * 1000 + Double(ready.tv_nsec - began.tv_nsec) / 1e6)
            break
        }
    }
    close(notify)
    stopDaemon(pid)
}
let startMedian = startTimes.sorted()[startTimes.count / 2]

// MARK: - The bundled plugins: requests against the C echo

let echoName = "org.example.BenchC"
bus.spawn([binaries + "/bench-echo-c", bus.address, echoName])
waitForOwner(echoName)
var daemon = startDaemon(pluginDirectory: bundledPlugins, state: bus.scratch("state"))
let echo = Request(label: "C libdbus echo Echo(s)", destination: echoName, path: "/bench", interface: "org.example.Bench1",
                   member: "Echo", argumentSets: [["The quick brown fox jumps over!!"]])
let select = controller("Select(s)", "Select", [["alarm"], ["stopwatch"]])
let tap = controller("Tap(s), no delegate", "Tap", [["alarm"], ["stopwatch"]])
let badge = controller("SetBadge(ss)", "SetBadge", [["alarm", "1"], ["alarm", "2"]])
let getAll = Request(label: "GetAll controller", destination: service, path: controllerPath,
                     interface: "org.freedesktop.DBus.Properties", member: "GetAll", argumentSets: [["org.tabbard.TabBar1"]])
let requests = [echo, select, tap, badge, getAll]
let medians = table(requests)

// Tap with a delegate that answers at once, against Select, at window 1.
let delegate = bus.spawn([binaries + "/daemon-bench", "serve-delegate", bus.address])
usleep(300_000)
var tapWithDelegate: [Figures] = []
var selectBeside: [Figures] = []
for _ in 0..<rounds {
    tapWithDelegate.append(measure(controller("Tap(s), delegate", "Tap", [["alarm"], ["stopwatch"]]), window: 1))
    selectBeside.append(measure(select, window: 1))
}
bus.kill(delegate)
let delegateTap = Figures.median(tapWithDelegate)
let delegateSelect = Figures.median(selectBeside)

// An idle daemon: show a tab without live content, then watch for 10 s.
_ = measure(controller("Select notes", "Select", [["notes"]]), window: 1, count: 1)
usleep(1_000_000)
let probe = DaemonProbe(pid: daemon)
let ticksBefore = probe.cpuTicks
let switchesBefore = probe.contextSwitches
usleep(10_000_000)
let idleTicks = probe.cpuTicks - ticksBefore
let idleSwitches = DaemonProbe.switches(from: switchesBefore, to: probe.contextSwitches)
let idleResident = probe.residentKilobytes
stopDaemon(daemon)

// MARK: - 10 tabs against 10,000 tabs

@MainActor func gridPlugin(tabs: Int) -> String {
    let directory = bus.scratch("grid-\(tabs)")
    let compiled = system("cc -shared -fPIC -O2 -I '\(packageRoot)/Sources/TabbardPluginABI/include' -o '\(directory)/libgrid.so' '\(packageRoot)/Benchmarks/GridPlugin/grid.c'")
    guard compiled == 0 else {
        bus.stop()
        fatalError("cannot compile the grid plugin")
    }
    var manifest = "name = \"grid\"\nmodule = \"libgrid.so\"\nabi = \"1.0\"\ndescription = \"benchmark tabs\"\n"
    for index in 0..<tabs { manifest += "\n[[tabs]]\nid = \"g\(index)\"\ntitle = \"Grid \(index)\"\n" }
    writeFile(directory + "/grid.plugin", manifest)
    return directory
}

var gridSelect: [Int: Figures] = [:]
var describeMilliseconds = 0.0
var largeResident = 0
for tabs in [10, 10_000] {
    daemon = startDaemon(pluginDirectory: gridPlugin(tabs: tabs), state: bus.scratch("grid-state-\(tabs)"))
    let gridRequest = controller("Select(s), \(tabs) tabs", "Select", [["g1"], ["g2"]])
    _ = measure(gridRequest, window: 1, count: min(calls, 2000))
    gridSelect[tabs] = Figures.median((0..<rounds).map { _ in measure(gridRequest, window: 1) })
    if tabs == 10_000 {
        describeMilliseconds = measure(controller("Describe", "Describe", [[]]), window: 1, count: 21).p50 / 1000
        largeResident = DaemonProbe(pid: daemon).residentKilobytes
    }
    stopDaemon(daemon)
}

// MARK: - Report

print("tabbard requests: \(calls) calls per run, median of \(rounds) rounds, one raw-libdbus client, state persistence on")
printTable(requests, medians)
let selectRatio = medians["\(select.label)|1"]!.callsPerSecond / medians["\(echo.label)|1"]!.callsPerSecond
print("Select / echo throughput at window 1: \(number(selectRatio, 2)) (target ≥ 0.85)")
print("Tap with an answering delegate: p50 \(number(delegateTap.p50, 1)) µs against Select's \(number(delegateSelect.p50, 1)) µs: \(number(delegateTap.p50 / delegateSelect.p50, 2))× (target ≤ 2.5×)")
let small = gridSelect[10]!
let large = gridSelect[10_000]!
print("Select at window 1: 10 tabs \(number(small.callsPerSecond, 0)) calls/s, 10,000 tabs \(number(large.callsPerSecond, 0)) calls/s: \(number(large.callsPerSecond / small.callsPerSecond, 2))× (target ≥ 0.8)")
print("Describe with 10,000 tabs: \(number(describeMilliseconds, 1)) ms (target < 50 ms); RSS with 10,000 tabs: \(largeResident / 1024) MB")
print("start to READY=1 with the bundled plugins: median \(number(startMedian, 1)) ms of \(startTimes.count) starts (target < 100 ms)")
print("idle for 10 s with the bundled plugins (notes shown): \(idleTicks) CPU ticks, \(idleSwitches) context switches; RSS \(number(Double(idleResident) / 1024, 1)) MB (target < 20 MB)")
bus.stop()
