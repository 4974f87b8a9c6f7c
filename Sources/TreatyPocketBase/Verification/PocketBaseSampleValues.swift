internal import Foundation
internal import TreatyJSON

/// Valid values for every writable field of a collection, so that a create succeeds on a real
/// server: unique text and emails, numbers inside their range, the first select value, and the
/// ids of records the case created for relations.
enum PocketBaseSampleValues {
    /// Whether the case sends this field on create (not the id, autodates, files, passwords or
    /// an auth collection's token key; auth passwords are added separately).
    static func isWritable(_ field: PocketBaseField, in collection: PocketBaseCollection) -> Bool {
        if field.name == "id" || field.name == "tokenKey" && collection.type == .auth { return false }
        switch field.type {
        case .autodate, .file, .password: return false
        default: return true
        }
    }

    /// A valid value for `field`, or `nil` for relations (the case fills those with ids).
    static func value(for field: PocketBaseField, unique: String) -> JSONValue? {
        switch field.options {
        case .text(let options):
            return .string(text("treaty \(field.name) \(unique)", min: options.min, max: options.effectiveMax))
        case .editor: return .string("<p>treaty \(unique)</p>")
        case .number(let options):
            let low = options.min ?? 0
            let high = options.max ?? Swift.max(low, 100)
            let value = Swift.min(Swift.max(42, low), high).rounded(.down)
            return value >= low ? .number(JSONNumber(Int(value))) : .number(JSONNumber(low))
        case .bool: return true
        case .email: return .string("treaty-\(unique)@example.com")
        case .url: return .string("https://example.com/treaty/\(unique)")
        case .date: return .string(dateText(Date()))
        case .select(let options):
            guard let first = options.values.first else { return nil }
            return field.isMultiple ? [.string(first)] : .string(first)
        case .json: return ["treaty": true, "run": .string(unique)]
        case .geoPoint: return ["lon": 12.5, "lat": 41.875]
        case .relation, .file, .autodate, .password: return nil
        }
    }

    /// A changed value for the update case: different text, number or boolean.
    static func changed(_ field: PocketBaseField, unique: String) -> JSONValue? {
        switch field.options {
        case .text(let options):
            return .string(text("treaty changed \(unique)", min: options.min, max: options.effectiveMax))
        case .editor: return .string("<p>treaty changed \(unique)</p>")
        case .number(let options):
            let value = options.min.map { $0 + 1 } ?? 7
            return options.max.map { value <= $0 } ?? true ? .number(JSONNumber(Int(value))) : nil
        case .bool: return false
        default: return nil
        }
    }

    /// `text` padded or cut to fit `min...max` characters.
    static func text(_ text: String, min: Int, max: Int) -> String {
        var result = text
        if result.count < min { result += String(repeating: "x", count: min - result.count) }
        return max > 0 && result.count > max ? String(result.suffix(max)) : result
    }

    /// `2006-01-02 15:04:05.000Z` for `date` (whole seconds).
    static func dateText(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return
            "\(parts.year ?? 1970)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)).000Z"
    }

    /// 10 random characters `[a-z0-9]`, to keep unique fields unique across runs.
    static func uniqueSuffix() -> String {
        String((0..<10).map { _ in PocketBaseRecordID.alphabet.randomElement() ?? "x" })
    }
}
