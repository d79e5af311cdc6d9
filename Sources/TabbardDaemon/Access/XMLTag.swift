/// One tag of an XML document as `XMLTagScanner` reads it: what the daemon needs of a bus
/// policy file, which is elements and attributes only.
struct XMLTag: Equatable, Sendable {
    /// Which of the three forms the tag has.
    enum Form: Equatable, Sendable {
        /// `<name …>`, closed later by `</name>`.
        case opening
        /// `</name>`.
        case closing
        /// `<name …/>`, opened and closed at once.
        case empty
    }

    /// The element's name.
    let name: String
    /// Its attributes, their values with the predefined entities decoded.
    let attributes: [String: String]
    /// Opening, closing or empty.
    let form: Form
    /// The line the tag starts on, from 1.
    let line: Int
}
