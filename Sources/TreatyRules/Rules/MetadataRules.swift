import TreatyCore
import TreatyJSON

extension ConformanceRule {
    /// RS-MD-1: records carry `created_at` and `updated_at` as UTC timestamps with milliseconds.
    public static let timestamps = ConformanceRule(
        id: "RS-MD-1",
        requirement: "every record has created_at and updated_at, UTC with milliseconds (2025-01-01T09:00:00.000Z)"
    ) { plan in
        let roles: [KeySpec.Role] = [.createdAt, .updatedAt, .tombstone]
        let specs = plan.keys.enumerated().filter { roles.contains($0.element.role) }
        guard !specs.isEmpty else { return nil }
        return StatelessChecker { record, violations in
            for (index, spec) in specs {
                let value = record.values[index]
                if spec.role == .tombstone, value == nil || value == .null { continue }
                if spec.role == .createdAt, record.isTombstone, value == nil { continue }
                if value == nil, record.isExplained(spec) { continue }
                if case .string(let text)? = value, ValueFormats.isMillisecondTimestamp(text) { continue }
                violations.append(
                    record.violation(
                        "RS-MD-1", key: spec.key,
                        value == nil ? "the record is missing '\(spec.key)'" : "'\(spec.key)' is not a UTC timestamp with milliseconds",
                        expected: "a string like \"2025-01-01T09:00:00.000Z\" (UTC, exactly 3 fraction digits, Z)",
                        found: ValueDescription.describe(value),
                        fix: "format timestamps as ISO 8601 in UTC with milliseconds"))
            }
        }
    }

    /// RS-MD-2: the server owns `updated_at`; it is never before `created_at`.
    public static let updatedAfterCreated = ConformanceRule(
        id: "RS-MD-2",
        requirement: "updated_at is server-owned and never earlier than created_at"
    ) { plan in
        guard plan.resource.sync.createdAt != nil, plan.resource.sync.updatedAt != nil else { return nil }
        return StatelessChecker { record, violations in
            guard case .string(let created)? = record.value(for: .createdAt),
                case .string(let updated)? = record.value(for: .updatedAt), Timestamp.isEarlier(updated, than: created)
            else { return }
            violations.append(
                record.violation(
                    "RS-MD-2", key: plan.resource.sync.updatedAt, "'updated_at' is earlier than 'created_at'",
                    expected: "updated_at at or after \(ValueDescription.quote(created))",
                    found: "string \(ValueDescription.quote(updated))",
                    fix: "set updated_at to max(now, previous + 1 ms) on every mutation"))
        }
    }

    /// RS-MD-3: `version`, when declared, is a non-negative integer from a store-wide counter.
    public static let version = ConformanceRule(
        id: "RS-MD-3",
        requirement: "version, when declared, is a non-negative integer from a store-wide monotonic counter"
    ) { plan in
        guard let key = plan.resource.sync.version else { return nil }
        return StatelessChecker { record, violations in
            let value = record.value(for: .version)
            if let number = value?.numberValue, let integer = number.int64Value, integer >= 0 { return }
            if value == nil, let spec = plan.spec(for: .version), record.isExplained(spec) { return }
            violations.append(
                record.violation(
                    "RS-MD-3", key: key, value == nil ? "the record is missing '\(key)'" : "'\(key)' is not a non-negative integer",
                    expected: "a non-negative integer", found: ValueDescription.describe(value),
                    fix: "emit the store-wide version counter as an integer"))
        }
    }

    /// RS-MD-4: a deleted record is gone from full lists and from GET by id.
    public static let tombstonesHidden = ConformanceRule(
        id: "RS-MD-4",
        requirement: "a deleted record is gone from full lists and single-record responses (only incremental feeds carry tombstones)"
    ) { plan in
        guard let key = plan.resource.sync.tombstone, plan.endpoint != nil, !plan.isIncrementalFeed else { return nil }
        return StatelessChecker { record, violations in
            guard record.isTombstone else { return }
            violations.append(
                record.violation(
                    "RS-MD-4", key: key,
                    plan.isList ? "a deleted record is in a full list" : "a deleted record is served by id",
                    expected: plan.isList ? "only live records (\(key): null)" : "a 404 response for a deleted record",
                    found: ValueDescription.describe(record.value(for: .tombstone)),
                    fix: plan.isList ? "leave tombstones out of full lists" : "answer 404 for tombstoned ids"))
        }
    }
}
