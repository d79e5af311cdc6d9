// Prints what the model's requests cost at 10 and at 10,000 tabs. Figures only, no
// assertions: `Select` should cost about the same at both sizes, structural requests grow
// linearly.

import TabModel

/// Runs `body` `iterations` times and returns the mean time per run in microseconds.
func measure<Failure: Error>(_ iterations: Int, _ body: () throws(Failure) -> Void) throws(Failure) -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<iterations { try body() }
    let elapsed = clock.now - start
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(iterations)
}

func controller(tabs count: Int) throws(TabError) -> TabController {
    let ids = (0..<count).map { "t\($0)" }
    return try TabController(catalog: ids.map { TabDefinition(id: $0, plugin: "bench", title: "Tab \($0)") })
}

func report(_ name: String, _ small: Double, _ large: Double) {
    func format(_ value: Double) -> String {
        let hundredths = Int(value * 100 + 0.5)
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) µs".padding(to: 14)
    }
    print("\(name.padding(to: 28)) \(format(small)) \(format(large))")
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

func run() throws(TabError) {
    print("\("request".padding(to: 28)) \("10 tabs".padding(to: 14)) \("10,000 tabs".padding(to: 14))")
    var small = try controller(tabs: 10)
    var large = try controller(tabs: 10_000)
    var flip = false
    func selectPair(_ c: inout TabController, _ a: String, _ b: String) throws(TabError) {
        flip.toggle()
        _ = try c.select(flip ? a : b)
    }
    report(
        "Select (bar ↔ More)",
        try measure(20_000) { () throws(TabError) in try selectPair(&small, "t1", "t8") },
        try measure(20_000) { () throws(TabError) in try selectPair(&large, "t1", "t9998") })
    report(
        "Tap (no delegate)",
        try measure(20_000) { () throws(TabError) in _ = try small.tap("t2") },
        try measure(20_000) { () throws(TabError) in _ = try large.tap("t2") })
    report(
        "SetBadge",
        try measure(20_000) { () throws(TabError) in
            _ = try small.setBadge("t3", to: .text("1")); _ = try small.setBadge("t3", to: nil)
        },
        try measure(20_000) { () throws(TabError) in
            _ = try large.setBadge("t3", to: .text("1")); _ = try large.setBadge("t3", to: nil)
        })
    let smallIds = small.tabs
    let largeIds = large.tabs
    report(
        "SetTabs (reverse)",
        try measure(50) { () throws(TabError) in
            _ = try small.setTabs(small.tabs == smallIds ? smallIds.reversed() : smallIds)
        },
        try measure(50) { () throws(TabError) in
            _ = try large.setTabs(large.tabs == largeIds ? largeIds.reversed() : largeIds)
        })
    report(
        "Customize (reverse)",
        try measure(50) { () throws(TabError) in _ = try small.customize(small.tabs.reversed()) },
        try measure(50) { () throws(TabError) in _ = try large.customize(large.tabs.reversed()) })
    report(
        "Snapshot + restore",
        try measure(20) { () throws(TabError) in _ = try small.restore(small.snapshot()) },
        try measure(20) { () throws(TabError) in _ = try large.restore(large.snapshot()) })
}

/// A controller with one standalone bar `b` whose `count` items are all defined and on the bar.
func controller(barItems count: Int) throws(TabError) -> TabController {
    var controller = try controller(tabs: 10)
    _ = try controller.createBar("b")
    let ids = (0..<count).map { "i\($0)" }
    for id in ids { _ = try controller.addItem(id, title: "Item \(id)", image: "", selectedImage: "", on: "b") }
    _ = try controller.setItems(ids, animated: false, on: "b")
    return controller
}

/// Standalone bars (SBAR-1..5) at 3 items and at 256, the most a bar may have.
func runBars() throws(TabError) {
    print("\n\("standalone bar request".padding(to: 28)) \("3 items".padding(to: 14)) \("256 items".padding(to: 14))")
    var small = try controller(barItems: 3)
    var large = try controller(barItems: 256)
    var flip = false
    func tapPair(_ c: inout TabController, _ a: String, _ b: String) throws(TabError) {
        flip.toggle()
        _ = try c.tapItem(flip ? a : b, on: "b")
    }
    report(
        "Tap (item ↔ item)",
        try measure(20_000) { () throws(TabError) in try tapPair(&small, "i0", "i2") },
        try measure(2_000) { () throws(TabError) in try tapPair(&large, "i0", "i255") })
    report(
        "SetBadge",
        try measure(20_000) { () throws(TabError) in
            _ = try small.setItemBadge(.text("1"), of: "i1", on: "b");
            _ = try small.setItemBadge(nil, of: "i1", on: "b")
        },
        try measure(2_000) { () throws(TabError) in
            _ = try large.setItemBadge(.text("1"), of: "i1", on: "b");
            _ = try large.setItemBadge(nil, of: "i1", on: "b")
        })
    let smallIds = small.bar(named: "b")!.items
    let largeIds = large.bar(named: "b")!.items
    func reverse(_ c: inout TabController, _ ids: [String]) throws(TabError) {
        _ = try c.setItems(c.bar(named: "b")!.items == ids ? ids.reversed() : ids, animated: false, on: "b")
    }
    report(
        "SetItems (reverse)",
        try measure(2_000) { () throws(TabError) in try reverse(&small, smallIds) },
        try measure(200) { () throws(TabError) in try reverse(&large, largeIds) })
    report(
        "Snapshot + restore",
        try measure(200) { () throws(TabError) in _ = try small.restore(small.snapshot()) },
        try measure(20) { () throws(TabError) in _ = try large.restore(large.snapshot()) })
}

do {
    try run()
    try runBars()
} catch {
    print("benchmark failed: \(error)")
}
