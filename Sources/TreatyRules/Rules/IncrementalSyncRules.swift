import TreatyCore
import TreatyJSON

extension ConformanceRule {
    /// RS-IN-1: an incremental feed returns only rows changed after the cursor, sorted by
    /// `updated_at` (or `version`) then id.
    public static let incrementalFeed = ConformanceRule(
        id: "RS-IN-1",
        requirement: "?updated_after=TS returns rows with updated_at > TS (since_version: version > N), sorted by updated_at then id"
    ) { plan in
        guard plan.isIncrementalFeed, plan.isList else { return nil }
        return IncrementalFeedChecker(plan: plan)
    }

    /// RS-IN-2: a tombstone in a feed carries at least the id, the parent key, `deleted_at`,
    /// `updated_at` and `version`.
    public static let tombstoneContents = ConformanceRule(
        id: "RS-IN-2",
        requirement: "a tombstone carries at least id, the parent key, deleted_at, updated_at and version"
    ) { plan in
        guard plan.isIncrementalFeed else { return nil }
        let required = plan.keys.enumerated().filter { $0.element.role != .field && $0.element.role != .createdAt }
        return StatelessChecker { record, violations in
            guard record.isTombstone else { return }
            for (index, spec) in required where record.values[index] == nil || record.values[index] == .null {
                violations.append(
                    record.violation(
                        "RS-IN-2", key: spec.key, "a tombstone is missing '\(spec.key)'",
                        expected: "a value (tombstones carry id, parent key, deleted_at, updated_at, version)",
                        found: ValueDescription.describe(record.values[index]),
                        fix: "keep '\(spec.key)' on deleted rows and emit it in the feed"))
            }
        }
    }
}

/// RS-IN-1: each row is newer than the cursor, and rows ascend by updated_at (or version), then id.
struct IncrementalFeedChecker: RuleChecker {
    let plan: CheckPlan
    private var order: SortOrderChecker?

    init(plan: CheckPlan) {
        self.plan = plan
        let byVersion = plan.sinceTimestamp == nil
        if byVersion, let versionKey = plan.resource.sync.version {
            order = SortOrderChecker(rule: "RS-IN-1", orderKey: versionKey, description: "\(versionKey) ascending, then id") {
                record in
                guard let version = record.value(for: .version)?.numberValue?.int64Value, let id = record.idText else {
                    return nil
                }
                return (SortValue(rank: version, text: String(version)), id)
            }
        } else if let updatedKey = plan.resource.sync.updatedAt {
            order = SortOrderChecker(rule: "RS-IN-1", orderKey: updatedKey, description: "\(updatedKey) ascending, then id") {
                record in
                guard case .string(let text)? = record.value(for: .updatedAt), let ms = Timestamp.milliseconds(text),
                    let id = record.idText
                else { return nil }
                return (SortValue(rank: ms, text: text), id)
            }
        }
    }

    mutating func check(_ record: RecordView, into violations: inout [RuleViolation]) {
        order?.check(record, into: &violations)
        if let since = plan.sinceTimestamp, let sinceMs = Timestamp.milliseconds(since),
            let key = plan.resource.sync.updatedAt, case .string(let text)? = record.value(for: .updatedAt),
            let ms = Timestamp.milliseconds(text), ms <= sinceMs
        {
            violations.append(
                record.violation(
                    "RS-IN-1", key: key, "a row not changed after the cursor is in the feed",
                    expected: "\(key) strictly after \(ValueDescription.quote(since))",
                    found: "string \(ValueDescription.quote(text))",
                    fix: "filter the feed with \(key) > cursor (strict)"))
        }
        if let since = plan.sinceVersion, let key = plan.resource.sync.version,
            let version = record.value(for: .version)?.numberValue?.int64Value, version <= since
        {
            violations.append(
                record.violation(
                    "RS-IN-1", key: key, "a row not changed after the cursor version is in the feed",
                    expected: "\(key) greater than \(since)", found: "number \(version)",
                    fix: "filter the feed with \(key) > since_version"))
        }
    }

    mutating func finishPayload(into violations: inout [RuleViolation]) {
        order?.finishPayload(into: &violations)
    }
}
