extension CaseIterable where Self: Equatable, AllCases == [Self] {
    /// Where this property sits in the properties of its interface table: every table of the
    /// daemon's objects lists its property enum's `allCases` in order (the controller's adds
    /// `Version` and `Bars` after them), so an announcement names properties by position and
    /// nothing is looked up by name. O(cases), a comparison of enum cases each.
    var tablePosition: Int { Self.allCases.firstIndex(of: self)! }
}
