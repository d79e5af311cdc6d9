/// The words of the clock's pages (PAGE-5): page titles, row titles and action labels, in
/// the languages of the tabs' titles in `clock.plugin` (English, French, German, Spanish,
/// Russian, Japanese); a locale in any other language reads English.
enum ClockWords {
    /// The words for `locale` (`fr_FR.UTF-8`, `de`, `""`).
    static func table(_ locale: String) -> [String: String] {
        let language = String(locale.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" })
        return translations[language] ?? [:]
    }

    /// `key` in `locale`, English when it has no translation, with each `%` replaced by the
    /// next of `arguments`.
    static func say(_ key: String, _ locale: String, _ arguments: String...) -> String {
        var text = table(locale)[key] ?? key
        for argument in arguments {
            guard let mark = text.firstIndex(of: "%") else { break }
            text.replaceSubrange(mark...mark, with: argument)
        }
        return text
    }

    private static let translations: [String: [String: String]] = [
        "fr": [
            "Stopwatch": "Chronomètre", "Laps": "Tours", "Lap %": "Tour %", "Elapsed": "Temps écoulé",
            "Start": "Démarrer", "Stop": "Arrêter", "Lap": "Tour", "Reset": "Réinitialiser",
            "Timer": "Minuteur", "Remaining": "Temps restant", "Done": "Terminé", "Not running": "Arrêté",
            "Cancel": "Annuler", "Start % min": "Démarrer % min",
            "World Clock": "Horloge", "Add %": "Ajouter %", "Remove %": "Retirer %",
            "Alarms": "Alarmes", "Add alarm": "Ajouter une alarme", "Turn on alarm %": "Activer l'alarme %",
            "Turn off alarm %": "Désactiver l'alarme %", "On": "Activée", "Off": "Désactivée",
        ],
        "de": [
            "Stopwatch": "Stoppuhr", "Laps": "Runden", "Lap %": "Runde %", "Elapsed": "Verstrichen",
            "Start": "Starten", "Stop": "Anhalten", "Lap": "Runde", "Reset": "Zurücksetzen",
            "Timer": "Timer", "Remaining": "Verbleibend", "Done": "Abgelaufen", "Not running": "Läuft nicht",
            "Cancel": "Abbrechen", "Start % min": "% Min. starten",
            "World Clock": "Weltuhr", "Add %": "% hinzufügen", "Remove %": "% entfernen",
            "Alarms": "Wecker", "Add alarm": "Wecker hinzufügen", "Turn on alarm %": "Wecker % einschalten",
            "Turn off alarm %": "Wecker % ausschalten", "On": "Ein", "Off": "Aus",
        ],
        "es": [
            "Stopwatch": "Cronómetro", "Laps": "Vueltas", "Lap %": "Vuelta %", "Elapsed": "Transcurrido",
            "Start": "Iniciar", "Stop": "Detener", "Lap": "Vuelta", "Reset": "Restablecer",
            "Timer": "Temporizador", "Remaining": "Restante", "Done": "Terminado", "Not running": "Detenido",
            "Cancel": "Cancelar", "Start % min": "Iniciar % min",
            "World Clock": "Reloj mundial", "Add %": "Añadir %", "Remove %": "Quitar %",
            "Alarms": "Alarmas", "Add alarm": "Añadir alarma", "Turn on alarm %": "Activar alarma %",
            "Turn off alarm %": "Desactivar alarma %", "On": "Activada", "Off": "Desactivada",
        ],
        "ru": [
            "Stopwatch": "Секундомер", "Laps": "Круги", "Lap %": "Круг %", "Elapsed": "Прошло",
            "Start": "Старт", "Stop": "Стоп", "Lap": "Круг", "Reset": "Сброс",
            "Timer": "Таймер", "Remaining": "Осталось", "Done": "Готово", "Not running": "Не запущен",
            "Cancel": "Отменить", "Start % min": "Запустить на % мин",
            "World Clock": "Мировые часы", "Add %": "Добавить %", "Remove %": "Удалить %",
            "Alarms": "Будильники", "Add alarm": "Добавить будильник", "Turn on alarm %": "Включить будильник %",
            "Turn off alarm %": "Выключить будильник %", "On": "Вкл.", "Off": "Выкл.",
        ],
        "ja": [
            "Stopwatch": "ストップウォッチ", "Laps": "ラップ", "Lap %": "ラップ %", "Elapsed": "経過時間",
            "Start": "開始", "Stop": "停止", "Lap": "ラップ", "Reset": "リセット",
            "Timer": "タイマー", "Remaining": "残り時間", "Done": "終了", "Not running": "停止中",
            "Cancel": "キャンセル", "Start % min": "%分で開始",
            "World Clock": "世界時計", "Add %": "%を追加", "Remove %": "%を削除",
            "Alarms": "アラーム", "Add alarm": "アラームを追加", "Turn on alarm %": "アラーム%をオン",
            "Turn off alarm %": "アラーム%をオフ", "On": "オン", "Off": "オフ",
        ],
    ]
}
