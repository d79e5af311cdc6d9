import TabModel

extension PluginTabDeclaration {
    /// The model's definition of this tab, offered by `plugin`. The manifest parser has
    /// already checked every field against the model's vocabularies, so nothing is dropped.
    package func definition(plugin: String) -> TabDefinition {
        let restoration: TabDefinition.Restoration =
            switch restorationID {
            case .none: .never
            case .some(let key) where key == id: .sameAsId
            case .some(let key): .key(key)
            }
        var definition = TabDefinition(
            id: id, plugin: plugin, title: title, localizedTitles: localizedTitles, image: image,
            selectedImage: selectedImage,
            imageRenderingMode: ImageRenderingMode(rawValue: imageRenderingMode) ?? .template,
            systemItem: systemItem.flatMap(SystemItem.init(rawValue:)), tag: tag,
            orientations: Set(orientations.compactMap(Orientation.init(rawValue:))), restoration: restoration,
            rootPage: rootPage, actions: actions)
        definition.iconName = iconName
        definition.selectedIconName = selectedIconName
        definition.iconThemePath = iconThemePath
        return definition
    }
}
