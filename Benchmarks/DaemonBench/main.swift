// `make bench` (daemon part): what tabbard's requests cost, measured by one raw-libdbus client
// on one private bus: Select, Tap, SetBadge and GetAll at windows 1 and 32 beside a C libdbus
// service doing the same message work (`bench-same-work-c`) and the C echo of the D-Bus
// benchmark; the window-1 pairs again over more rounds; what views cost (VIEW-6); the same pairs while 100 connections
// follow every PropertiesChanged; Tap with a delegate that answers at once; Select and Describe
// with 10,000 tabs; start to READY=1; an idle daemon's wake-ups and memory; whether tabbard
// links Foundation.
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

checkCommandLine(
    usage: """
        usage: daemon-bench [--calls N] [--rounds N] [--window-one-rounds N] [--window-one-pairs N]
                            [--subscribers N] [--plugins DIR] [--installed ROOT]
                            [--isolation-only | --window-one-only | --views-only | --large-calls-only]
          Measures tabbard's requests against a C libdbus service doing the same message work, on a
          private bus; prints figures only (see docs/performance.md).
          --calls N               calls per run (default 10000; fan-out runs use a fifth)
          --rounds N              interleaved rounds per figure (default 5)
          --window-one-rounds N   interleaved rounds of the window-1 pairs against the C service
                                  (default 15: their rounds spread widest)
          --window-one-pairs N    pairs of back-to-back runs of 1,000 calls of each window-1 pair
                                  (default 60)
          --subscribers N         connections following every PropertiesChanged (default 100)
          --plugins DIR           the bundled plugins, staged by `make bench` (default .build/bench-plugins)
          --installed ROOT        also time the start and weigh the idle memory of the daemon as
                                  `make install` ships it, installed under ROOT (ROOT/bin/tabbard,
                                  its plugins in ROOT/lib/tabbard/plugins), in the same rounds
          --isolation-only        only plugins in helper processes against plugins in the daemon
          --window-one-only       only the window-1 pairs of Select and SetBadge against the C service
          --views-only            only what views cost (VIEW-6): Select with 16 views against none, an
                                  idle daemon with 16 views, 256 views of killed clients twice
          --large-calls-only      only what a call with a 16 MB argument costs the daemon and the C
                                  echo service (issue 37)
        """,
    options: [
        "--calls", "--rounds", "--window-one-rounds", "--window-one-pairs", "--subscribers", "--plugins",
        "--installed",
    ],
    flags: ["--isolation-only", "--window-one-only", "--views-only", "--large-calls-only"])
let calls = option("--calls", default: 10_000)
let rounds = option("--rounds", default: 5)
let windowOneRounds = option("--window-one-rounds", default: 15)
let windowOnePairs = option("--window-one-pairs", default: 60)
let pairedCalls = 1_000
let subscriberCount = option("--subscribers", default: 100)
let packageRoot = String(
    #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))
let bundledPlugins = option("--plugins", default: packageRoot + "/.build/bench-plugins")
let binaries = executableDirectory()
/// A daemon to start: its executable and the directory of its bundled plugins.
struct DaemonBuild {
    let executable: String
    let plugins: String
}
/// The build directory's daemon, with the toolchain's runtime.
let built = DaemonBuild(executable: binaries + "/tabbard", plugins: bundledPlugins)
/// The daemon as installed: stripped, with the runtime `make install` ships beside it.
let installedRoot = option("--installed", default: "")
let installed =
    installedRoot.isEmpty
    ? nil : DaemonBuild(executable: installedRoot + "/bin/tabbard", plugins: installedRoot + "/lib/tabbard/plugins")

// Plugins in helper processes against plugins in the daemon (`--isolation-only`: this part alone).
// (Not made at all for the window-1 pairs alone: each side starts a bus of its own.)
let isolation =
    arguments.contains("--window-one-only") || arguments.contains("--views-only")
        || arguments.contains("--large-calls-only")
    ? nil
    : IsolationBench(tabbard: binaries + "/tabbard", pluginDirectory: bundledPlugins, calls: calls, rounds: rounds)
isolation?.measure()
if let isolation, arguments.contains("--isolation-only") {
    isolation.print()
    exit(0)
}
let bus = BenchBus()
let service = "org.tabbard.TabBar1"
let controllerPath = "/org/tabbard/TabBar1"

guard let client = bench_connect(bus.address) else {
    bus.stop()
    exit(1)
}
let runner = RequestRunner(client: client) { reason in
    bus.stop()
    fatalError(reason)
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

@MainActor func daemonArguments(pluginDirectory: String, state: String, executable: String = built.executable)
    -> [String]
{
    [
        executable, "--address", bus.address, "--plugin-dir", pluginDirectory, "--state-dir", state, "--log-level",
        "warning",
    ]
}

/// Starts tabbard with `pluginDirectory` and waits until it owns its name.
@MainActor func startDaemon(pluginDirectory: String, state: String) -> pid_t {
    let pid = bus.spawn(daemonArguments(pluginDirectory: pluginDirectory, state: state))
    waitForOwner(service)
    return pid
}

@MainActor func stopDaemon(_ pid: pid_t) {
    bus.kill(pid, signal: SIGTERM)
    waitForNoOwner(service)
}

@MainActor func controller(_ label: String, _ member: String, _ sets: [[String]]) -> Request {
    Request(
        label: label, destination: service, path: controllerPath, interface: "org.tabbard.TabBar1", member: member,
        argumentSets: sets)
}

// MARK: - Start to READY=1

/// Milliseconds to READY=1 of `count` starts of `daemon`, each with the state directory
/// `state(attempt)`.
@MainActor func startTimes(_ label: String, of daemon: DaemonBuild = built, count: Int, state: (Int) -> String)
    -> [Double]
{
    let times = (0..<count).compactMap { attempt in
        StartTime.measure(
            bus: bus,
            argv: daemonArguments(
                pluginDirectory: daemon.plugins, state: state(attempt), executable: daemon.executable),
            scratch: "notify-\(label)-\(attempt)"
        ) { waitForNoOwner(service) }
    }
    guard times.count == count else {
        bus.stop()
        fatalError("\(label) starts: \(count - times.count) of \(count) sent no READY=1 within 10 s")
    }
    return times
}
// A new state directory each: every plugin module is probed in a child process first.
let firstStarts = Spread(startTimes("first", count: 7) { bus.scratch("start-\($0)") })
// One state directory per daemon, after its own first start: the probes' outcomes are
// remembered. With an installed daemon, the two take turns, one start each. Fifteen of each:
// seven spread by more than a millisecond from one run of the benchmark to the next.
let rememberedCount = 15
let remembered = bus.scratch("start-remembered")
_ = startTimes("warm-up", count: 1) { _ in remembered }
let installedRemembered = bus.scratch("start-remembered-installed")
if let installed { _ = startTimes("warm-up-installed", of: installed, count: 1) { _ in installedRemembered } }
var builtTimes: [Double] = []
var installedTimes: [Double] = []
for attempt in 0..<rememberedCount {
    builtTimes += startTimes("remembered-\(attempt)", count: 1) { _ in remembered }
    if let installed {
        installedTimes += startTimes("remembered-installed-\(attempt)", of: installed, count: 1) { _ in
            installedRemembered
        }
    }
}
let rememberedStarts = Spread(builtTimes)
let installedStarts = installedTimes.isEmpty ? nil : Spread(installedTimes)

// MARK: - The bundled plugins: tabbard against the same work in C, the C echo for context

let echoName = "org.example.BenchC"
let sameWorkName = "org.example.SameWorkC"
let echoPid = bus.spawn([binaries + "/bench-echo-c", bus.address, echoName])
// The bar of the bundled catalog as tabbard shows it (four tabs and More): the same labels.
bus.spawn([
    binaries + "/bench-same-work-c", bus.address, sameWorkName,
    "world-clock=World Clock", "alarm=Alarm", "stopwatch=Stopwatch", "timer=Timer", "@more=More",
])
waitForOwner(echoName)
waitForOwner(sameWorkName)
var daemon = startDaemon(pluginDirectory: bundledPlugins, state: bus.scratch("state"))
let echo = Request(
    label: "C libdbus echo Echo(s)", destination: echoName, path: "/bench", interface: "org.example.Bench1",
    member: "Echo", argumentSets: [["The quick brown fox jumps over!!"]])
let select = controller("Select(s)", "Select", [["alarm"], ["stopwatch"]])
let sameSelect = select.sent(to: sameWorkName, as: "C same work Select(s)")
let tap = controller("Tap(s), no delegate", "Tap", [["alarm"], ["stopwatch"]])
let badge = controller("SetBadge(ss)", "SetBadge", [["alarm", "1"], ["alarm", "2"]])
let sameBadge = badge.sent(to: sameWorkName, as: "C same work SetBadge(ss)")
let getAll = Request(
    label: "GetAll controller", destination: service, path: controllerPath,
    interface: "org.freedesktop.DBus.Properties", member: "GetAll", argumentSets: [["org.tabbard.TabBar1"]])
let pairs = [(select, sameSelect), (badge, sameBadge)]

// VIEW-6: what views cost, on this daemon (`--views-only`: this part alone).
let views =
    arguments.contains("--window-one-only") || arguments.contains("--large-calls-only")
    ? nil
    : ViewsBench(
        bus: bus, runner: runner, script: packageRoot + "/Benchmarks/ViewClients/view_clients.py", rounds: rounds
    )
    .measure(daemon: daemon, select: select)
// Issue 37: what a 16 MB call costs the daemon and libdbus's own loop (`--large-calls-only`).
let largeCalls =
    arguments.contains("--window-one-only") || arguments.contains("--views-only")
    ? nil
    : LargeCallsBench(runner: runner, rounds: rounds).measure(
        daemon: daemon, daemonName: service, echo: echoPid, echoName: echoName)
if let largeCalls, arguments.contains("--large-calls-only") {
    LargeCallsBench.print(largeCalls)
    bus.stop()
    exit(0)
}
if let views, arguments.contains("--views-only") {
    ViewsBench.print(views)
    bus.stop()
    exit(0)
}

// The window-1 pairs alone, over more rounds: at window 1 a round's ratio swings most with
// what else the machine does (0.76 to 1.33 over 5 rounds), and its median with it.
let windowOne = runner.rounds(pairs.flatMap { [$0.0, $0.1] }, windows: [1], rounds: windowOneRounds, calls: calls)
// And in short runs side by side: a 10,000-call run takes seconds, over which the machine's
// speed drifts enough to move one round's ratio by a quarter.
let windowOnePaired = pairs.map {
    runner.pairedRuns($0.0, against: $0.1, window: 1, pairs: windowOnePairs, calls: pairedCalls)
}
@MainActor func printWindowOne() {
    print("window 1, \(calls) calls per run, \(windowOneRounds) interleaved rounds")
    windowOne.print()
    print("tabbard / the same work in C at window 1 (calls/s, per round; median (min–max)):")
    for (request, baseline) in pairs {
        print(
            "  \(pad(request.label, 14)) \(windowOne.ratio(request, to: baseline, window: 1).text(2))  (target ≥ 0.95)")
    }
    print(
        "the same in \(windowOnePairs) pairs of back-to-back runs of \(pairedCalls) calls (per pair; median (min–max)):"
    )
    for ((request, _), paired) in zip(pairs, windowOnePaired) {
        print("  \(pad(request.label, 14)) \(paired.text(2))  (target ≥ 0.95)")
    }
}
if arguments.contains("--window-one-only") {
    printWindowOne()
    bus.stop()
    exit(0)
}
let table = runner.rounds(
    [echo, select, sameSelect, tap, badge, sameBadge, getAll], windows: [1, 32], rounds: rounds, calls: calls)

// The same pairs while `subscriberCount` connections follow every PropertiesChanged.
let subscribersName = "org.example.Subscribers"
let subscribers = bus.spawn([binaries + "/bench-subscribers", bus.address, subscribersName, "\(subscriberCount)"])
waitForOwner(subscribersName)
// Each call costs the bus a hundred times the signals' routing: shorter runs.
let fanOutCalls = calls / 5
let fanOut = runner.rounds(
    [select, sameSelect, badge, sameBadge], windows: [1, 32], rounds: rounds, calls: fanOutCalls)
bus.kill(subscribers, signal: SIGTERM)

// Tap with a delegate that answers at once, against Select, at window 1.
let delegate = bus.spawn([binaries + "/daemon-bench", "serve-delegate", bus.address])
usleep(300_000)
var tapWithDelegate: [Figures] = []
var selectBeside: [Figures] = []
for _ in 0..<rounds {
    tapWithDelegate.append(
        runner.measure(controller("Tap(s), delegate", "Tap", [["alarm"], ["stopwatch"]]), window: 1, count: calls))
    selectBeside.append(runner.measure(select, window: 1, count: calls))
}
bus.kill(delegate)
let delegateTap = Figures.median(tapWithDelegate)
let delegateSelect = Figures.median(selectBeside)

// An idle daemon: show a tab without live content, then watch for 10 s. The plugin hang
// watch sleeps until one limit (5 s) after the last plugin call, then without a timeout:
// idle starts after that.
_ = runner.measure(controller("Select notes", "Select", [["notes"]]), window: 1, count: 1)
usleep(6_000_000)
let probe = DaemonProbe(pid: daemon)
let ticksBefore = probe.cpuTicks
let switchesBefore = probe.contextSwitches
usleep(10_000_000)
let idleTicks = probe.cpuTicks - ticksBefore
let idleSwitches = DaemonProbe.switches(from: switchesBefore, to: probe.contextSwitches)
let idleResident = (probe.residentKilobytes, probe.anonymousKilobytes, probe.fileKilobytes)
stopDaemon(daemon)
// The installed daemon's memory at the same point: the same tab shown, past the hang watch.
let installedIdleResident = installed.map { installed -> (Int, Int, Int) in
    let pid = bus.spawn(
        daemonArguments(
            pluginDirectory: installed.plugins, state: bus.scratch("state-installed"),
            executable: installed.executable))
    waitForOwner(service)
    _ = runner.measure(controller("Select notes", "Select", [["notes"]]), window: 1, count: 1)
    usleep(6_000_000)
    let probe = DaemonProbe(pid: pid)
    defer { stopDaemon(pid) }
    return (probe.residentKilobytes, probe.anonymousKilobytes, probe.fileKilobytes)
}

// MARK: - 10 tabs against 10,000 tabs

@MainActor func gridPlugin(tabs: Int) -> String {
    let directory = bus.scratch("grid-\(tabs)")
    guard system("'\(packageRoot)/Benchmarks/GridPlugin/stage-grid-plugin' '\(directory)' \(tabs)") == 0 else {
        bus.stop()
        fatalError("cannot stage the grid plugin")
    }
    return directory
}

/// Where a `Describe` reply's time goes: the CPU that the daemon (building and sending the
/// document), the bus (reading, checking and passing on the 4.4 MB message) and this client
/// (reading and checking it) each spend, in ms. A call at window 1 waits for all three in turn,
/// and only the first is the daemon's.
struct DescribeCPU {
    var daemon = 0.0
    var bus = 0.0
    var client = 0.0

    /// Each side's CPU time so far, in ms.
    @MainActor static func spent(daemon: pid_t, bus: pid_t) -> DescribeCPU {
        var own = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &own)
        return DescribeCPU(
            daemon: milliseconds(DaemonProbe(pid: daemon).totalCPUNanoseconds),
            bus: milliseconds(DaemonProbe(pid: bus).totalCPUNanoseconds),
            client: milliseconds(own.tv_sec * 1_000_000_000 + own.tv_nsec))
    }

    /// The CPU per call over `calls` calls since `before`.
    func perCall(since before: DescribeCPU, calls: Int) -> DescribeCPU {
        DescribeCPU(
            daemon: (daemon - before.daemon) / Double(calls), bus: (bus - before.bus) / Double(calls),
            client: (client - before.client) / Double(calls))
    }

    private static func milliseconds(_ nanoseconds: Int) -> Double { Double(nanoseconds) / 1_000_000 }
}

/// The CPU time a daemon spends per call, in µs: its loop thread's (the request path) and the
/// other threads' (the state writer encoding and writing what the calls changed).
struct CallCPU {
    var loop: [Double] = []
    var others: [Double] = []

    /// Medians of the rounds, as text.
    var text: String { "loop thread \(Spread(loop).text(1)) µs, other threads \(Spread(others).text(1)) µs" }
}

/// One run of `request` against `daemon`: its calls per second, and the CPU it cost the daemon
/// per call added to `cpu`. CPU time is what load on a shared machine distorts least.
@MainActor func measure(_ request: Request, on daemon: pid_t, adding cpu: inout CallCPU) -> Double {
    let probe = DaemonProbe(pid: daemon)
    let before = probe.cpuNanoseconds
    let figures = runner.measure(request, window: 1, count: calls)
    let spent = probe.cpuNanoseconds.map { ($0.key, $0.value - (before[$0.key] ?? 0)) }
    let loop = spent.filter { $0.0 == "\(daemon)" }.reduce(0) { $0 + $1.1 }
    let others = spent.filter { $0.0 != "\(daemon)" }.reduce(0) { $0 + $1.1 }
    cpu.loop.append(Double(loop) / 1000 / Double(calls))
    cpu.others.append(Double(others) / 1000 / Double(calls))
    return figures.callsPerSecond
}

var gridSelect: [Int: Spread] = [:]
var gridBadge: [Int: Spread] = [:]
var gridSelectCPU: [Int: CallCPU] = [:]
var gridBadgeCPU: [Int: CallCPU] = [:]
var describeMilliseconds = 0.0
var describeCPU = DescribeCPU()
let describeCalls = 21
var largeResident = 0
for tabs in [10, 10_000] {
    daemon = startDaemon(pluginDirectory: gridPlugin(tabs: tabs), state: bus.scratch("grid-state-\(tabs)"))
    let gridRequest = controller("Select(s), \(tabs) tabs", "Select", [["g1"], ["g2"]])
    // A badge is volatile state like the selection, but changes one tab's entry of the
    // model's per-tab table: with persistence on, the state held for the disk shares it.
    let gridBadgeRequest = controller("SetBadge(ss), \(tabs) tabs", "SetBadge", [["g1", "1"], ["g1", "2"]])
    _ = runner.measure(gridRequest, window: 1, count: min(calls, 2000))
    _ = runner.measure(gridBadgeRequest, window: 1, count: min(calls, 2000))
    var selects: [Double] = []
    var badges: [Double] = []
    var selectCPU = CallCPU()
    var badgeCPU = CallCPU()
    for _ in 0..<rounds {
        selects.append(measure(gridRequest, on: daemon, adding: &selectCPU))
        badges.append(measure(gridBadgeRequest, on: daemon, adding: &badgeCPU))
    }
    gridSelect[tabs] = Spread(selects)
    gridBadge[tabs] = Spread(badges)
    gridSelectCPU[tabs] = selectCPU
    gridBadgeCPU[tabs] = badgeCPU
    if tabs == 10_000 {
        let before = DescribeCPU.spent(daemon: daemon, bus: bus.pid)
        describeMilliseconds =
            runner.measure(controller("Describe", "Describe", [[]]), window: 1, count: describeCalls).p50 / 1000
        describeCPU = DescribeCPU.spent(daemon: daemon, bus: bus.pid).perCall(since: before, calls: describeCalls)
        largeResident = DaemonProbe(pid: daemon).residentKilobytes
    }
    stopDaemon(daemon)
}

// MARK: - Report

/// The libraries `ldd` lists for `executable` that belong to Foundation or ICU.
@MainActor func foundationLibraries(_ executable: String) -> [String] {
    guard let pipe = popen("ldd '\(executable)'", "r") else { return ["(ldd failed)"] }
    defer { pclose(pipe) }
    var found: [String] = []
    var line = [CChar](repeating: 0, count: 1024)
    while fgets(&line, Int32(line.count), pipe) != nil {
        let text = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let name = text.split(separator: " ").first.map(String.init) ?? ""
        if name.contains("libFoundation") || name.contains("libicu") || name.contains("lib_FoundationICU") {
            found.append(name)
        }
    }
    return found
}

@MainActor func megabytes(_ kilobytes: Int) -> String { number(Double(kilobytes) / 1024, 1) }

print(
    "tabbard requests: \(calls) calls per run, \(rounds) interleaved rounds, one raw-libdbus client, state persistence on"
)
table.print()
print("tabbard / the same work in C (calls/s, per round; median (min–max)):")
for (request, baseline) in pairs {
    print(
        "  \(pad(request.label, 14)) window 1   \(table.ratio(request, to: baseline, window: 1).text(2))  (the target's figure is below)"
    )
    print(
        "  \(pad(request.label, 14)) window 32  \(table.ratio(request, to: baseline, window: 32).text(2))  (target ≥ 0.9)"
    )
}
printWindowOne()
print(
    "  Select / C echo, window 1 (context: five messages against one): \(table.ratio(select, to: echo, window: 1).text(2))"
)
print(
    "fan-out: \(subscriberCount) connections following every PropertiesChanged, \(fanOutCalls) calls per run, \(rounds) rounds"
)
fanOut.print()
print("tabbard / the same work in C with \(subscriberCount) subscribers:")
for (request, baseline) in pairs {
    for window in [Int32(1), 32] {
        let goal = window == 1 ? "  (target ≥ 0.9)" : ""
        print(
            "  \(pad(request.label, 14)) window \(pad("\(window)", 3)) \(fanOut.ratio(request, to: baseline, window: window).text(2))\(goal)"
        )
    }
}
print(
    "Tap with an answering delegate: p50 \(number(delegateTap.p50, 1)) µs against Select's \(number(delegateSelect.p50, 1)) µs: \(number(delegateTap.p50 / delegateSelect.p50, 2))× (target ≤ 2.5×)"
)
let small = gridSelect[10]!
let large = gridSelect[10_000]!
print(
    "Select at window 1: 10 tabs \(small.text(0)) calls/s, 10,000 tabs \(large.text(0)) calls/s: \(number(large.median / small.median, 2))× (target ≥ 0.85)"
)
print(
    "SetBadge at window 1: 10 tabs \(gridBadge[10]!.text(0)) calls/s, 10,000 tabs \(gridBadge[10_000]!.text(0)) calls/s: \(number(gridBadge[10_000]!.median / gridBadge[10]!.median, 2))×"
)
for tabs in [10, 10_000] {
    print("  CPU per call at \(tabs) tabs: Select \(gridSelectCPU[tabs]!.text); SetBadge \(gridBadgeCPU[tabs]!.text)")
}
print(
    "Describe with 10,000 tabs: \(number(describeMilliseconds, 1)) ms (target < 50 ms); RSS with 10,000 tabs: \(megabytes(largeResident)) MB"
)
print(
    "  CPU per Describe, mean of \(describeCalls): the daemon \(number(describeCPU.daemon, 1)) ms, the bus \(number(describeCPU.bus, 1)) ms, this client \(number(describeCPU.client, 1)) ms"
)
print(
    "start to READY=1 with the bundled plugins, ms, median (min–max): \(rememberedStarts.text(1)) with the probes remembered, \(rememberedCount) starts (target < 10 ms); \(firstStarts.text(1)) on a first start, 7 starts (each module probed in a child)"
)
if let installedStarts {
    print(
        "  the daemon as installed (its runtime and plugins beside it), one start each in turn with the above: \(installedStarts.text(1)) with the probes remembered (target < 10 ms)"
    )
}
print(
    "idle for 10 s with the bundled plugins (notes shown): \(idleTicks) CPU ticks, \(idleSwitches) context switches (target 0)"
)
print(
    "idle RSS: \(megabytes(idleResident.0)) MB, \(idleResident.0) kB (target ≤ 12 MB, 12288 kB): \(megabytes(idleResident.1)) MB anonymous, \(megabytes(idleResident.2)) MB file-backed"
)
if let resident = installedIdleResident {
    print(
        "  the daemon as installed: \(megabytes(resident.0)) MB, \(resident.0) kB (target ≤ 12 MB): \(megabytes(resident.1)) MB anonymous, \(megabytes(resident.2)) MB file-backed"
    )
}
let foundation = foundationLibraries(binaries + "/tabbard")
print(
    "ldd tabbard: " + (foundation.isEmpty ? "no libFoundation*, no ICU" : "loads " + foundation.joined(separator: ", "))
)
isolation?.print()
views.map(ViewsBench.print)
largeCalls.map(LargeCallsBench.print)
bus.stop()
