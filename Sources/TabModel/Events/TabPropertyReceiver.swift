/// What the controller hands catalog tabs' property values to, one call per value, as it reads
/// them (`TabController.forEachCatalogTab`). A document of every tab's properties (`Describe`)
/// is written through one straight from the model, without a `PropertyValue` made and
/// destroyed for each of its values; `PropertyValue`s are read through one too, so that every
/// reading of a tab property goes through the same code.
public protocol TabPropertyReceiver {
    /// The next catalog tab's values follow, in the order asked, until `endTab`.
    mutating func beginTab()
    /// The values of the tab begun last are all given.
    mutating func endTab()
    /// A text value (`PropertyValue.string`).
    mutating func receive(_ value: String, of property: TabProperty)
    /// A list of texts (`PropertyValue.strings`).
    mutating func receive(_ value: [String], of property: TabProperty)
    /// A flag (`PropertyValue.bool`).
    mutating func receive(_ value: Bool, of property: TabProperty)
    /// A signed number (`PropertyValue.int32`).
    mutating func receive(_ value: Int32, of property: TabProperty)
    /// An unsigned number (`PropertyValue.uint32`).
    mutating func receive(_ value: UInt32, of property: TabProperty)
    /// A counter (`PropertyValue.uint64`).
    mutating func receive(_ value: UInt64, of property: TabProperty)
    /// Icons drawn by a plugin (`PropertyValue.pixmaps`).
    mutating func receive(_ value: [IconPixmap], of property: TabProperty)
}

/// Reads one tab property as a `PropertyValue`: what the bus objects' reads and a request's
/// observation use.
struct PropertyValueReceiver: TabPropertyReceiver {
    /// The value read, once one is.
    private(set) var value: PropertyValue?

    // A single value has no tab around it.
    mutating func beginTab() {}
    mutating func endTab() {}

    mutating func receive(_ value: String, of property: TabProperty) { self.value = .string(value) }
    mutating func receive(_ value: [String], of property: TabProperty) { self.value = .strings(value) }
    mutating func receive(_ value: Bool, of property: TabProperty) { self.value = .bool(value) }
    mutating func receive(_ value: Int32, of property: TabProperty) { self.value = .int32(value) }
    mutating func receive(_ value: UInt32, of property: TabProperty) { self.value = .uint32(value) }
    mutating func receive(_ value: UInt64, of property: TabProperty) { self.value = .uint64(value) }
    mutating func receive(_ value: [IconPixmap], of property: TabProperty) { self.value = .pixmaps(value) }
}
