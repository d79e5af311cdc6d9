/// Cardinal numbers spelled out in the six shipped languages, 1 through 64 (A11Y-1). Above 64
/// the digits are used; a bar never has more than 64 items.
enum NumberWords {
    /// The languages with spelled-out numbers.
    static let languages: Set<String> = ["en", "fr", "de", "es", "ru", "ja"]

    /// `n` in `language` (nominative where grammar cares); English for other languages.
    static func cardinal(_ n: Int, language: String) -> String {
        guard (1...64).contains(n) else { return String(n) }
        let tens = n / 10
        let units = n % 10
        switch language {
        case "fr": return french(tens: tens, units: units)
        case "de": return german(tens: tens, units: units)
        case "es": return spanish(n, tens: tens, units: units)
        case "ru": return russian(tens: tens, units: units, table: russianNominative)
        case "ja": return japanese(tens: tens, units: units)
        default: return english(n, tens: tens, units: units)
        }
    }

    /// Russian genitive, for the count after «из» ("четыре из семи").
    static func russianGenitive(_ n: Int) -> String {
        guard (1...64).contains(n) else { return String(n) }
        return russian(tens: n / 10, units: n % 10, table: russianGenitiveForms)
    }

    // MARK: English

    private static let englishSmall = [
        "", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    private static let englishTens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty"]

    private static func english(_ n: Int, tens: Int, units: Int) -> String {
        if n < 20 { return englishSmall[n] }
        return units == 0 ? englishTens[tens] : "\(englishTens[tens])-\(englishSmall[units])"
    }

    // MARK: French (traditional spelling: "vingt et un", "vingt-deux")

    private static let frenchSmall = [
        "", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
        "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf",
    ]
    private static let frenchTens = ["", "", "vingt", "trente", "quarante", "cinquante", "soixante"]

    private static func french(tens: Int, units: Int) -> String {
        if tens < 2 { return frenchSmall[tens * 10 + units] }
        switch units {
        case 0: return frenchTens[tens]
        case 1: return "\(frenchTens[tens]) et un"
        default: return "\(frenchTens[tens])-\(frenchSmall[units])"
        }
    }

    // MARK: German ("einundzwanzig": units first, "ein" inside compounds)

    private static let germanSmall = [
        "", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn",
        "elf", "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn",
    ]
    private static let germanTens = ["", "", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig"]

    private static func german(tens: Int, units: Int) -> String {
        if tens < 2 { return germanSmall[tens * 10 + units] }
        if units == 0 { return germanTens[tens] }
        let unit = units == 1 ? "ein" : germanSmall[units]
        return "\(unit)und\(germanTens[tens])"
    }

    // MARK: Spanish ("veintiuno" up to 29, then "treinta y uno")

    private static let spanishSmall = [
        "", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez",
        "once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve",
        "veinte", "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis",
        "veintisiete", "veintiocho", "veintinueve",
    ]
    private static let spanishTens = ["", "", "", "treinta", "cuarenta", "cincuenta", "sesenta"]

    private static func spanish(_ n: Int, tens: Int, units: Int) -> String {
        if n < 30 { return spanishSmall[n] }
        return units == 0 ? spanishTens[tens] : "\(spanishTens[tens]) y \(spanishSmall[units])"
    }

    // MARK: Russian (compounds decline in both parts: "двадцати одного")

    private struct RussianForms {
        let small: [String]
        let tens: [String]
    }

    private static let russianNominative = RussianForms(
        small: [
            "", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять",
            "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать", "шестнадцать", "семнадцать",
            "восемнадцать", "девятнадцать",
        ],
        tens: ["", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят"])

    private static let russianGenitiveForms = RussianForms(
        small: [
            "", "одного", "двух", "трёх", "четырёх", "пяти", "шести", "семи", "восьми", "девяти", "десяти",
            "одиннадцати", "двенадцати", "тринадцати", "четырнадцати", "пятнадцати", "шестнадцати", "семнадцати",
            "восемнадцати", "девятнадцати",
        ],
        tens: ["", "", "двадцати", "тридцати", "сорока", "пятидесяти", "шестидесяти"])

    private static func russian(tens: Int, units: Int, table: RussianForms) -> String {
        if tens < 2 { return table.small[tens * 10 + units] }
        return units == 0 ? table.tens[tens] : "\(table.tens[tens]) \(table.small[units])"
    }

    // MARK: Japanese (kanji numerals: 十, 二十一, 六十四)

    private static let kanjiDigits = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"]

    private static func japanese(tens: Int, units: Int) -> String {
        let tensPart = tens == 0 ? "" : (tens == 1 ? "十" : "\(kanjiDigits[tens])十")
        return tensPart + kanjiDigits[units]
    }
}
