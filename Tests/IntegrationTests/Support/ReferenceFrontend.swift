import Foundation
import TabbardTestSupport

/// What the reference frontend's test needs beyond the rest of the suite (`scripts/install-deps
/// test` installs it): a reason naming the missing pieces, or nil when everything is there.
let referenceFrontendMissing: String? = {
    let programs = [
        "/usr/bin/Xvfb": "xvfb", "/usr/bin/xdotool": "xdotool", "/usr/bin/import": "imagemagick",
        "/usr/bin/compare": "imagemagick", "/usr/bin/convert": "imagemagick",
    ]
    var missing = Set(programs.filter { !FileManager.default.isExecutableFile(atPath: $0.key) }.values)
    let gtk = try? runCommand([
        systemPython, "-c", "import gi; gi.require_version('Gtk', '4.0'); from gi.repository import Gtk",
    ])
    if gtk?.status != 0 { missing.insert("python3-gi and gir1.2-gtk-4.0") }
    return missing.isEmpty
        ? nil : "skipped: the reference frontend's test needs \(missing.sorted().joined(separator: ", "))"
}()

/// A virtual X server (Xvfb) of its own display number, killed when released.
final class VirtualDisplay {
    /// `:N`, for `DISPLAY`.
    let name: String
    private let pid: pid_t

    /// Starts Xvfb on the first free display from 90 on and waits until it answers.
    init(width: Int = 1000, height: Int = 560) throws {
        var number = 90 + Int(getpid() % 400)
        while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") { number += 1 }
        name = ":\(number)"
        let log = try makeTemporaryDirectory("xvfb") + "/xvfb.log"
        pid = try spawnLogging(
            ["/usr/bin/Xvfb", name, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"], to: log)
        let deadline = Date().addingTimeInterval(20)
        while (try? runCommand(["/usr/bin/xdotool", "getdisplaygeometry"].withDisplay(name), timeout: 5))?.status != 0 {
            guard Date() < deadline else { throw TestFailure("Xvfb \(name) did not answer within 20 s") }
            usleep(50_000)
        }
    }

    // SIGKILL: a child of the test inherits its blocked signals, so Xvfb would never see a
    // SIGTERM. Its lock file and socket are then left for us to remove.
    deinit {
        kill(pid, SIGKILL)
        waitpid(pid, nil, 0)
        let number = name.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }

    /// Runs an X client (xdotool, ImageMagick) on this display.
    func run(_ arguments: [String]) throws -> CommandResult {
        try runCommand(arguments.withDisplay(name), timeout: 20)
    }

    /// Clicks the first button at `point` of the window named `window`, in its own coordinates,
    /// once it is shown.
    func click(window: String, at point: [Int]) throws {
        let result = try run([
            "/usr/bin/xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(window)$",
            "mousemove", "--window", "%1", "\(point[0])", "\(point[1])", "click", "1",
        ])
        guard result.status == 0 else { throw TestFailure("xdotool click at \(point) failed: \(result.errors)") }
    }
}

extension VirtualDisplay {
    /// Drags with the first button from `start` to `end` in the window named `window`: pressed,
    /// moved in steps (a toolkit starts a drag only after motion past its threshold), released.
    func drag(window: String, from start: [Int], to end: [Int]) throws {
        let steps = (1...8).flatMap { step -> [String] in
            let x = start[0] + (end[0] - start[0]) * step / 8
            let y = start[1] + (end[1] - start[1]) * step / 8
            return ["mousemove", "--window", "%1", "\(x)", "\(y)", "sleep", "0.05"]
        }
        let result = try run(
            [
                "/usr/bin/xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(window)$",
                "mousemove", "--window", "%1", "\(start[0])", "\(start[1])", "mousedown", "1",
            ]
                + steps + ["sleep", "0.2", "mouseup", "1"])
        guard result.status == 0 else {
            throw TestFailure("xdotool drag from \(start) to \(end) failed: \(result.errors)")
        }
    }
}

extension Array where Element == String {
    /// The command run through `env DISPLAY=…`.
    func withDisplay(_ display: String) -> [String] { ["/usr/bin/env", "DISPLAY=\(display)"] + self }
}

/// The reference frontend (`Examples/frontend-gtk`) on a virtual display, writing its dump of
/// the widgets it built after every redraw; killed when released.
final class ReferenceFrontend {
    /// Where the frontend writes its dump.
    let dumpFile: String
    /// What it printed.
    let logFile: String
    private let pid: pid_t

    /// Starts the frontend against the tabbard on `bus`, `width` pixels wide (the width its
    /// view's `max_visible` comes from), in the language `lang` (its view's `locale`; `C.UTF-8`
    /// follows the controller's).
    init(bus: PrivateBus, display: VirtualDisplay, width: Int = 760, lang: String = "C.UTF-8") throws {
        let directory = try makeTemporaryDirectory("frontend")
        dumpFile = directory + "/dump.json"
        logFile = directory + "/frontend.log"
        let script = PackagePaths.root.appendingPathComponent("Examples/frontend-gtk/tabbard_gtk.py").path
        // GTK's X11 backend under Xvfb, without the accessibility bus a desktop would give it.
        pid = try spawnLogging(
            [systemPython, script, "--address", bus.address, "--dump-file", dumpFile, "--width", "\(width)"],
            to: logFile,
            environment: [
                "DISPLAY": display.name, "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1",
                "LANG": lang, "LC_ALL": "", "LC_MESSAGES": "",
            ])
    }

    deinit {
        kill(pid, SIGKILL) // as Xvfb: SIGTERM stays blocked in a child of the test
        waitpid(pid, nil, 0)
    }

    /// The last dump, or nil before the first.
    var dump: [String: Any]? {
        guard let data = FileManager.default.contents(atPath: dumpFile) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// What the frontend logged.
    var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }
}

/// Screenshots of the whole display, each checked not to be blank and, where a step changed
/// what is drawn, to differ from the one before.
struct ScreenshotSeries {
    let display: VirtualDisplay
    let directory: String
    private(set) var last: String?

    init(display: VirtualDisplay) throws {
        self.display = display
        directory = try makeTemporaryDirectory("frontend-shots")
    }

    /// Takes `name`.png; returns problems: blank, or the same as the last when `changed`.
    mutating func take(_ name: String, changed: Bool) throws -> [String] {
        let path = "\(directory)/\(name).png"
        let taken = try display.run(["/usr/bin/import", "-window", "root", path])
        guard taken.status == 0 else { return ["\(name): import failed: \(taken.errors)"] }
        var problems: [String] = []
        let colours = try display.run(["/usr/bin/convert", path, "-format", "%k", "info:"]).output
        if (Int(colours.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) < 2 {
            problems.append("\(name): the screenshot \(path) is blank")
        }
        if changed, let last {
            // `compare -metric AE` prints how many pixels differ, on standard error.
            let compared = try display.run(["/usr/bin/compare", "-metric", "AE", last, path, "null:"])
            let differing = Double(compared.errors.split(separator: " ").first.map(String.init) ?? "") ?? -1
            if differing == 0 { problems.append("\(name): the screenshot is the same as \(last)") }
        }
        last = path
        return problems
    }
}
