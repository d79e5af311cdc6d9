/// The properties of the controller's own bar, as a renderer sees it.
public enum BarProperty: String, CaseIterable, Sendable {
    /// The bar items in order, `@more` last when shown.
    case items = "Items"
    /// The highlighted item.
    case selectedItem = "SelectedItem"
}
