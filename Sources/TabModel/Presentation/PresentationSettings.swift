/// What a presentation of the model is computed with (VIEW-2): MORE-1's `MaxVisible`, the
/// layout (MORE-*, TOP-*), the orientation (ORI-*) and the locale (L10N-1, A11Y-1). The
/// controller presents with its own; a view with its own, each omitted one the controller's.
public struct PresentationSettings: Equatable, Sendable {
    /// MORE-1, 2...64.
    public internal(set) var maxVisible: Int
    /// Bottom or top.
    public internal(set) var layout: TabLayout
    /// The orientation asked for; `TabController.presentation` falls back per ORI-4.
    public internal(set) var orientation: Orientation
    /// The locale name (L10N-1).
    public internal(set) var locale: String {
        didSet { localeChain = LocaleChain(locale) }
    }
    /// `locale` parsed once: every title and label read looks it up.
    var localeChain: LocaleChain

    /// Settings from values already checked (`ControllerConfiguration.validateMaxVisible`,
    /// `LocaleName.validate`).
    public init(maxVisible: Int, layout: TabLayout, orientation: Orientation, locale: String) {
        self.maxVisible = maxVisible
        self.layout = layout
        self.orientation = orientation
        self.locale = locale
        localeChain = LocaleChain(locale)
    }

    /// The language titles and labels are chosen in (a `LocaleChain` language).
    var language: String { localeChain.language }
}
