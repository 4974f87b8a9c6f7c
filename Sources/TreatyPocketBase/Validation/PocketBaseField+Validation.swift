import TreatyJSON

extension PocketBaseField {
    /// Checks a stored value (see ``coerce(_:)``) against the field's options, returning the
    /// first failure as PocketBase reports it, or `nil`.
    ///
    /// Empty values pass unless the field is required (`validation_required`); texts count
    /// characters, not bytes; patterns match anywhere in the text unless anchored, as Go's
    /// `regexp.MatchString` does. Uniqueness (`validation_not_unique`) needs the store and is
    /// not checked here.
    ///
    /// - Parameters:
    ///   - value: The value the record would store.
    ///   - context: The record before the write and a relation lookup.
    /// - Returns: The error, or `nil` when the value is acceptable.
    func validate(_ value: JSONValue, in context: PocketBaseValidationContext = .init()) -> PocketBaseFieldError?
    {
        switch options {
        case .text(let text): validateText(GoCast.string(value), text, context)
        case .number(let number): validateNumber(value, number)
        case .bool: required && !GoCast.bool(value) ? .required : nil
        case .email(let domains): validateEmail(GoCast.string(value), domains)
        case .url(let domains): validateURL(GoCast.string(value), domains)
        case .editor(let editor): validateEditor(GoCast.string(value), editor)
        case .date(let date): validateDate(GoCast.string(value), date)
        case .autodate: nil
        case .select(let select): validateSelect(GoCast.uniqueStrings(value), select)
        case .relation(let relation): validateRelation(GoCast.uniqueStrings(value), relation, context)
        case .file(let file): validateFiles(GoCast.uniqueStrings(value), file, context)
        case .json(let json): validateJSON(value, json)
        case .password(let password): validatePassword(GoCast.string(value), password, context)
        case .geoPoint: validateGeoPoint(value)
        }
    }

    private func validateText(_ text: String, _ options: TextOptions, _ context: PocketBaseValidationContext)
        -> PocketBaseFieldError?
    {
        if options.primaryKey, let original = context.original {
            let stored = original[name].map(GoCast.string) ?? ""
            if stored != text { return .primaryKeyChange }
            if !stored.isEmpty { return nil }
        }
        if (required || options.primaryKey) && text.isEmpty { return .required }
        guard !text.isEmpty else { return nil }
        let length = text.unicodeScalars.count
        if options.min > 0 && length < options.min { return .minTextConstraint(options.min) }
        if length > options.effectiveMax { return .maxTextConstraint(options.effectiveMax) }
        if !Self.matches(options.pattern, text) { return .invalidFormat }
        return nil
    }

    private func validateNumber(_ value: JSONValue, _ options: NumberOptions) -> PocketBaseFieldError? {
        guard case .number(let number) = value else { return .notANumber }
        let double = number.doubleValue
        if double == 0 { return required ? .required : nil }
        if options.onlyInt && double.rounded(.towardZero) != double { return .onlyIntConstraint }
        if let min = options.min, double < min { return .minNumberConstraint(min) }
        if let max = options.max, double > max { return .maxNumberConstraint(max) }
        return nil
    }

    private func validateEmail(_ text: String, _ domains: DomainOptions) -> PocketBaseFieldError? {
        if text.isEmpty { return required ? .required : nil }
        guard TextFormats.isEmail(text), let at = text.lastIndex(of: "@") else { return .isEmail }
        let domain = String(text[text.index(after: at)...])
        return Self.allows(domain, domains) ? nil : .emailDomainNotAllowed
    }

    private func validateURL(_ text: String, _ domains: DomainOptions) -> PocketBaseFieldError? {
        if text.isEmpty { return required ? .required : nil }
        guard TextFormats.isURL(text) else { return .invalidURL }
        return Self.allows(TextFormats.host(ofURL: text), domains) ? nil : .urlDomainNotAllowed
    }

    private func validateEditor(_ text: String, _ options: EditorOptions) -> PocketBaseFieldError? {
        if required && text.isEmpty { return .required }
        return text.utf8.count > options.effectiveMaxSize ? .contentSizeLimit(options.effectiveMaxSize) : nil
    }

    private func validateDate(_ text: String, _ options: DateOptions) -> PocketBaseFieldError? {
        guard !text.isEmpty, let date = PocketBaseDateTime(parsing: text), !date.isZero else {
            return required ? .required : nil
        }
        if let min = options.min, date < min { return .dateTooEarly(min) }
        if let max = options.max, date > max { return .dateTooLate(max) }
        return nil
    }

    private func validateSelect(_ values: [String], _ options: SelectOptions) -> PocketBaseFieldError? {
        if values.isEmpty { return required ? .required : nil }
        let limit = max(options.maxSelect, 1)
        if values.count > limit { return .tooManyValues(limit) }
        return values.first { !options.values.contains($0) }.map(PocketBaseFieldError.invalidValue)
    }

    private func validateRelation(
        _ ids: [String], _ options: RelationOptions, _ context: PocketBaseValidationContext
    ) -> PocketBaseFieldError? {
        if ids.isEmpty { return required ? .required : nil }
        if options.minSelect > 0 && ids.count < options.minSelect { return .notEnoughValues(options.minSelect) }
        let limit = max(options.maxSelect, 1)
        if ids.count > limit { return .tooManyValues(limit) }
        if let exists = context.relationExists, !exists(options.collectionId, ids) { return .missingRelationRecords }
        return nil
    }

    private func validateFiles(_ names: [String], _ options: FileOptions, _ context: PocketBaseValidationContext)
        -> PocketBaseFieldError?
    {
        if names.isEmpty { return required ? .required : nil }
        let stored = context.original?[name].map(GoCast.uniqueStrings) ?? []
        let added = names.filter { !stored.contains($0) && context.newFiles[$0] == nil }.map {
            String($0.utf8.prefix(250)) ?? $0
        }
        if !added.isEmpty { return .invalidFiles(added) }
        let limit = max(options.maxSelect, 1)
        if names.count > limit { return .tooManyFiles(limit) }
        let maxSize = options.maxSize > 0 ? options.maxSize : 5 << 20
        let allowed = Set(options.mimeTypes.map { $0.lowercased() })
        for name in names {
            guard let file = context.newFiles[name] else { continue }
            if file.size > maxSize { return .fileSizeLimit(file.originalName, maxSize: maxSize) }
            let essence = String(file.contentType.split(separator: ";").first ?? "").lowercased()
            if !allowed.isEmpty, !allowed.contains(essence) { return .invalidMimeType(name, allowed: options.mimeTypes) }
        }
        return nil
    }

    private func validateJSON(_ value: JSONValue, _ options: JSONOptions) -> PocketBaseFieldError? {
        let serialized = value.serialized()
        if serialized.utf8.count > options.effectiveMaxSize { return .jsonSizeLimit(options.effectiveMaxSize) }
        if required && ["null", "\"\"", "[]", "{}"].contains(serialized) { return .required }
        return nil
    }

    private func validatePassword(
        _ plain: String, _ options: PasswordOptions, _ context: PocketBaseValidationContext
    ) -> PocketBaseFieldError? {
        let stored = context.original?[name].map(GoCast.string) ?? ""
        if required && plain.isEmpty && stored.isEmpty { return .required }
        guard !plain.isEmpty else { return nil }
        let length = plain.unicodeScalars.count
        if length < options.min { return .passwordTooShort(options.min) }
        if length > options.effectiveMax { return .passwordTooLong(options.effectiveMax) }
        return Self.matches(options.pattern, plain) ? nil : .invalidFormat
    }

    private func validateGeoPoint(_ value: JSONValue) -> PocketBaseFieldError? {
        let lon = value["lon"].map(GoCast.double) ?? 0
        let lat = value["lat"].map(GoCast.double) ?? 0
        if lon == 0 && lat == 0 { return required ? .required : nil }
        if lat < -90 || lat > 90 { return .invalidLatitude }
        if lon < -180 || lon > 180 { return .invalidLongitude }
        return nil
    }

    /// Go's `regexp.MatchString`: an empty pattern matches; an invalid one never does.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        guard !pattern.isEmpty else { return true }
        guard let regex = PatternCache.regex(pattern) else { return false }
        return text.contains(regex)
    }

    /// Whether a domain passes `onlyDomains`/`exceptDomains`.
    private static func allows(_ domain: String, _ options: DomainOptions) -> Bool {
        if !options.onlyDomains.isEmpty && !options.onlyDomains.contains(domain) { return false }
        return !options.exceptDomains.contains(domain)
    }
}
