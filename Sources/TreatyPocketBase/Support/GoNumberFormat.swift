/// Formats `Double`s the way PocketBase's Go code does, so numbers written by the simulator
/// match the real server byte for byte.
///
/// Swift's own `description` gives the shortest round-trip digits (`42.0`, `1e-07`); Go writes
/// `42` and `1e-07` in JSON and `0.0000001` when it turns a number into text.
enum GoNumberFormat {
    /// The shortest round-trip decimal digits of a finite value, with the exponent of the first
    /// digit: `123.5` is `("1235", 2)`; zero is `("0", 0)`.
    private static func digits(of value: Double) -> (digits: String, exponent: Int) {
        let text = "\(value.magnitude)"
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        let power = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = String(pieces[0])
        let fraction = pieces.count > 1 ? String(pieces[1]) : ""
        var all = whole + fraction
        var exponent = whole.count - 1 + power
        while all.hasPrefix("0"), all.count > 1 {
            all.removeFirst()
            exponent -= 1
        }
        while all.hasSuffix("0"), all.count > 1 { all.removeLast() }
        if all == "0" { exponent = 0 }
        return (all, exponent)
    }

    /// Go's `strconv.FormatFloat(value, 'f', -1, 64)`: plain decimal notation, no exponent
    /// (`1e21` → `1000000000000000000000`, `1e-7` → `0.0000001`, `-0` → `-0`).
    static func plain(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-Inf" : "+Inf") }
        let sign = value.sign == .minus ? "-" : ""
        let (digits, exponent) = digits(of: value)
        if exponent < 0 {
            return sign + "0." + String(repeating: "0", count: -exponent - 1) + digits
        }
        if digits.count <= exponent + 1 {
            return sign + digits + String(repeating: "0", count: exponent + 1 - digits.count)
        }
        let split = digits.index(digits.startIndex, offsetBy: exponent + 1)
        return sign + digits[..<split] + "." + digits[split...]
    }

    /// Go's `encoding/json` form of a float64: plain notation from 1e-6 up to (not including)
    /// 1e21, exponent notation (`1e+21`, `1e-7`) outside; integers have no `.0`.
    static func json(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let magnitude = value.magnitude
        if magnitude == 0 || (magnitude >= 1e-6 && magnitude < 1e21) {
            return plain(value)
        }
        let sign = value.sign == .minus ? "-" : ""
        let (digits, exponent) = digits(of: value)
        var mantissa = String(digits.prefix(1))
        if digits.count > 1 { mantissa += "." + digits.dropFirst() }
        let exponentText = exponent < 0 ? "-" + String(-exponent) : "+" + String(exponent)
        return sign + mantissa + "e" + exponentText
    }

    /// Go's `strconv.ParseFloat(text, 64)` as `cast.ToFloat64` uses it: decimal numbers with an
    /// optional sign, fraction and exponent, `Inf`/`Infinity`/`NaN` in any case, and hexadecimal
    /// floats with a `p` exponent; no surrounding spaces. `nil` when Go would fail (and `cast`
    /// would give 0).
    static func parse(_ text: String) -> Double? {
        var body = Substring(text)
        var negative = false
        if let first = body.first, first == "+" || first == "-" {
            negative = first == "-"
            body = body.dropFirst()
        }
        let lower = body.lowercased()
        if lower == "inf" || lower == "infinity" { return negative ? -.infinity : .infinity }
        if lower == "nan" { return .nan }
        if lower.hasPrefix("0x") {
            guard lower.contains("p"), let value = Double("0x" + lower.dropFirst(2)) else { return nil }
            return negative ? -value : value
        }
        guard isDecimal(body) else { return nil }
        guard let value = Double(String(body)) else { return nil }
        return negative ? -value : value
    }

    /// Whether `text` is `digits[.digits][e[+-]digits]` (either side of the point may be empty,
    /// not both), as Go's decimal float syntax allows.
    private static func isDecimal(_ text: Substring) -> Bool {
        var index = text.startIndex
        var mantissaDigits = 0
        while index < text.endIndex, text[index].isASCII, text[index].isNumber {
            mantissaDigits += 1
            index = text.index(after: index)
        }
        if index < text.endIndex, text[index] == "." {
            index = text.index(after: index)
            while index < text.endIndex, text[index].isASCII, text[index].isNumber {
                mantissaDigits += 1
                index = text.index(after: index)
            }
        }
        guard mantissaDigits > 0 else { return false }
        if index < text.endIndex, text[index] == "e" || text[index] == "E" {
            index = text.index(after: index)
            if index < text.endIndex, text[index] == "+" || text[index] == "-" { index = text.index(after: index) }
            var exponentDigits = 0
            while index < text.endIndex, text[index].isASCII, text[index].isNumber {
                exponentDigits += 1
                index = text.index(after: index)
            }
            guard exponentDigits > 0 else { return false }
        }
        return index == text.endIndex
    }
}
