/// The lookup order for a POSIX locale name (L10N-1): `fr_CA.UTF-8@euro` is tried as `fr_CA`,
/// then `fr`, then the default. `C`, `POSIX` and the empty name have no language of their own.
struct LocaleChain: Equatable {
    /// Locale without codeset or modifier, e.g. `fr_CA`; empty when there is none.
    let full: String
    /// Language alone, lowercased, e.g. `fr`; empty when there is none.
    let language: String
    /// The keys to try, most specific first: `fr_CA`, `fr-CA` (as plugin manifests may write
    /// it), then `fr`. Made once: every title read looks them up (`Describe`, 10,000 times).
    let keys: [String]

    init(_ locale: String) {
        let base = locale.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        if base.isEmpty || base == "C" || base == "POSIX" {
            full = ""
            language = ""
            keys = []
        } else {
            full = base.replacingHyphens()
            language = (full.split(separator: "_").first.map(String.init) ?? full).lowercased()
            keys = full == language ? [full] : [full, String(full.map { $0 == "_" ? "-" : $0 }), language]
        }
    }

    /// The first of `titles` that matches the chain, else nil. O(1).
    func pick(_ titles: [String: String]) -> String? {
        for key in keys { if let title = titles[key] { return title } }
        return nil
    }
}

extension String {
    /// `fr-CA` is written `fr_CA` in POSIX; accept both.
    fileprivate func replacingHyphens() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
