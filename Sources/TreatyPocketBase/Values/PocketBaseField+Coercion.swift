import TreatyJSON

extension PocketBaseField {
    /// The value a record holds when nothing was written: `""` for text-like fields, dates and
    /// single select/relation/file, `0`, `false`, `[]` for multi-valued fields, `null` for
    /// json, `{"lon": 0, "lat": 0}` for geo points.
    var emptyValue: JSONValue {
        switch options {
        case .number: 0
        case .bool: false
        case .json: .null
        case .geoPoint: Self.point(lon: 0, lat: 0)
        case .select, .relation, .file: isMultiple ? [] : ""
        case .text, .email, .url, .date, .autodate, .password, .editor: ""
        }
    }

    /// The value PocketBase stores when `raw` is written to this field; never fails.
    ///
    /// Numbers read numeric strings (`"42"` → `42`, `"abc"` → `0`); booleans read `true`,
    /// `"true"`, `"1"`, `"t"` and non-zero numbers as true; text fields write numbers in plain
    /// decimal; dates are parsed (``PocketBaseDateTime/init(parsing:)``) and written in UTC, or
    /// `""`; select, relation and file fields drop empty and repeated entries, read a single
    /// string as one entry (`"a,b"` is one id) and keep the last entry when single; json
    /// fields read strings that hold JSON numbers, arrays or objects. `null` gives
    /// ``emptyValue``.
    ///
    /// A number that is not finite (`"NaN"`, `"inf"`) is kept as Go's text for it (`"NaN"`,
    /// `"+Inf"`, `"-Inf"`), a string, so that ``validate(_:in:)`` can refuse it with
    /// `validation_not_a_number` as PocketBase does.
    ///
    /// - Parameter raw: The submitted value.
    /// - Returns: The stored value.
    func coerce(_ raw: JSONValue) -> JSONValue {
        switch options {
        case .text, .email, .url, .editor, .password:
            return .string(GoCast.string(raw))
        case .number:
            let value = GoCast.double(raw)
            guard value.isFinite else { return .string(GoNumberFormat.plain(value)) }
            return PocketBaseFieldError.number(value)
        case .bool:
            return .bool(GoCast.bool(raw))
        case .date, .autodate:
            guard case .string(let text) = raw, let date = PocketBaseDateTime(parsing: text) else { return "" }
            return .string(date.description)
        case .select, .relation, .file:
            let values = GoCast.uniqueStrings(raw)
            if isMultiple { return .array(values.map(JSONValue.string)) }
            return .string(values.last ?? "")
        case .json:
            return Self.json(raw)
        case .geoPoint:
            return Self.geoPoint(raw)
        }
    }

    /// A json field's value: strings that hold JSON (starting with a digit, `-`, `"`, `[` or
    /// `{`, or exactly `null`/`true`/`false`) are parsed; other strings stay strings.
    private static func json(_ raw: JSONValue) -> JSONValue {
        guard case .string(let text) = raw, let first = text.unicodeScalars.first else { return raw }
        if ["null", "true", "false"].contains(text) || "0123456789-\"[{".unicodeScalars.contains(first),
            let parsed = try? JSONParser().parse(text)
        {
            return parsed
        }
        return raw
    }

    /// A geo point from `{"lon", "lat"}` (or a string holding one); anything else, or a
    /// non-numeric coordinate, gives `{"lon": 0, "lat": 0}`.
    private static func geoPoint(_ raw: JSONValue) -> JSONValue {
        var value = raw
        if case .string(let text) = raw, let parsed = try? JSONParser().parse(text) { value = parsed }
        guard case .object(let object) = value else { return point(lon: 0, lat: 0) }
        var coordinates: [Double] = []
        for key in ["lon", "lat"] {
            switch object[key] {
            case nil, .null?: coordinates.append(0)
            case .number(let number)?: coordinates.append(number.doubleValue)
            default: return point(lon: 0, lat: 0)
            }
        }
        return point(lon: coordinates[0], lat: coordinates[1])
    }

    static func point(lon: Double, lat: Double) -> JSONValue {
        .object(["lon": PocketBaseFieldError.number(lon), "lat": PocketBaseFieldError.number(lat)])
    }
}
