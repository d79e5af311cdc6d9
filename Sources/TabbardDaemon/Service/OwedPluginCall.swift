import TabModel

/// A plugin call a request owes and makes once its reply is sent (`TabBarService.answer`): the
/// lifecycle notices of a selection, or a tab's navigation stack as the request left it.
enum OwedPluginCall {
    /// The shown tab changed: the old one disappears, the new one appears.
    case show(SelectionTransition)
    /// The tab's stack changed to `stack`, taken when the request published it.
    case sync(tab: String, stack: [String])
}
