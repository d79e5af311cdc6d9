import BenchSupport
import Glibc

/// VIEW-6: what views cost. A `Select` with 16 views open (4 widths, 2 locales) against none,
/// in loop-thread CPU per call; an idle daemon's wake-ups with the 16 views open; and 256 views
/// opened by clients that are killed, twice: the views all released, the daemon's descriptors
/// back to their count, and the second round's `VmRSS` against the first's.
@MainActor struct ViewsBench {
    let bus: BenchBus
    let runner: RequestRunner
    /// `view_clients.py`.
    let script: String
    let rounds: Int

    /// The 16 views' settings: 4 widths, 2 locales.
    static let kinds = [
        "max_visible=2,locale=fr_FR", "max_visible=3,locale=en_US", "max_visible=5,locale=fr_FR",
        "max_visible=8,locale=en_US",
    ]

    /// What one run measured.
    struct Figures {
        var selectNone: [Double] = []
        var selectSixteen: [Double] = []
        var idleSwitches = 0
        var descriptors: [Int] = []
        var resident: [Int] = []
        var released: [Bool] = []
    }

    /// Spawns view holders: `connections` connections of `per` views each, kinds in turn;
    /// waits until the daemon lists `expected` views. Answers the holder's pid.
    func hold(_ connections: Int, _ per: Int, expecting expected: Int) -> pid_t {
        let pid = bus.spawn(["/usr/bin/python3", script, bus.address, "hold", "\(connections)", "\(per)"] + Self.kinds)
        guard waitForViews(expected) else {
            bus.stop()
            fatalError("the view clients did not open \(expected) views within 10 s")
        }
        return pid
    }

    /// Waits (10 s at most) until the daemon lists `count` views; answers whether it did.
    @discardableResult
    func waitForViews(_ count: Int) -> Bool {
        for _ in 0..<200 {
            if viewCount() == count { return true }
            usleep(50_000)
        }
        return false
    }

    private func viewCount() -> Int {
        guard let pipe = popen("/usr/bin/python3 '\(script)' '\(bus.address)' count", "r") else { return -1 }
        var buffer = [CChar](repeating: 0, count: 64)
        let line = fgets(&buffer, 64, pipe).map { String(cString: $0) } ?? ""
        pclose(pipe)
        return Int(String(line.filter(\.isNumber))) ?? -1
    }

    /// Open descriptors of `pid`.
    static func descriptors(of pid: pid_t) -> Int {
        guard let directory = opendir("/proc/\(pid)/fd") else { return -1 }
        defer { closedir(directory) }
        var count = 0
        while readdir(directory) != nil { count += 1 }
        return count - 2
    }

    func measure(daemon: pid_t, select: Request) -> Figures {
        var figures = Figures()
        var none = CallCPU()
        var sixteen = CallCPU()
        // Interleaved: a round with none, then one with the 16 views, their clients killed.
        for _ in 0..<rounds {
            _ = daemon_bench.measure(select, on: daemon, adding: &none)
            let holder = hold(4, 4, expecting: 16)
            _ = daemon_bench.measure(select, on: daemon, adding: &sixteen)
            bus.kill(holder)
            waitForViews(0)
        }
        // Idle with the 16 views: a view adds no timer and no wake-up.
        let holder = hold(4, 4, expecting: 16)
        _ = runner.measure(select, window: 1, count: 1)
        usleep(6_000_000)
        let probe = DaemonProbe(pid: daemon)
        let before = probe.contextSwitches
        usleep(5_000_000)
        figures.idleSwitches = DaemonProbe.switches(from: before, to: probe.contextSwitches)
        bus.kill(holder)
        waitForViews(0)
        figures.selectNone = none.loop
        figures.selectSixteen = sixteen.loop
        // 256 views whose clients are killed, twice.
        figures.descriptors.append(Self.descriptors(of: daemon))
        for _ in 0..<2 {
            let holder = hold(32, 8, expecting: 256)
            bus.kill(holder)
            figures.released.append(waitForViews(0))
            usleep(500_000)
            figures.descriptors.append(Self.descriptors(of: daemon))
            figures.resident.append(probe.residentKilobytes)
        }
        return figures
    }

    static func print(_ figures: Figures) {
        let none = Spread(figures.selectNone)
        let sixteen = Spread(figures.selectSixteen)
        let ratio = Spread(ratiosOf: figures.selectSixteen, to: figures.selectNone)
        Swift.print("views (VIEW-6):")
        Swift.print(
            "  Select, loop-thread CPU per call: no view \(none.text(1)) µs, 16 views (4 widths, 2 locales) \(sixteen.text(1)) µs;"
                + " 16 views / none, per round: \(ratio.text(2)) (target ≤ 1.5)")
        Swift.print("  idle with 16 views: \(figures.idleSwitches) context switches in 5 s")
        Swift.print(
            "  256 views of killed clients, two rounds: released \(figures.released), descriptors \(figures.descriptors)"
                + " (before, after each round), VmRSS after each round \(figures.resident) kB;"
                + " second round − first \(figures.resident.count == 2 ? figures.resident[1] - figures.resident[0] : 0) kB (target ≤ 256)"
        )
    }
}
