import TreatyCore
import TreatyJSON

extension ConformanceRule {
    /// RS-IN-1: an incremental feed returns only rows changed after the cursor, sorted by
    /// `updated_at` (or `version`) then id.
    public static let incrementalFeed = ConformanceRule(
        id: "RS-IN-1",
        requirement: "?updated_after=TS returns rows with updated_at > TS (since_version: version > N), sorted by updated_at then id",
        makeChecker: { plan in
            guard plan.isIncrementalFeed, plan.isList else { return nil }
            return FeedCursorChecker(plan: plan)
        },
        makeSequenceChecker: { plan in
            guard plan.isIncrementalFeed, plan.isList else { return nil }
            return FeedOrder.checker(for: plan)
        }
    )

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

/// RS-IN-1 for one row: it changed after the request's cursor.
struct FeedCursorChecker: RuleChecker {
    let plan: CheckPlan

    func check(_ record: RecordView, into violations: inout [RuleViolation]) {
        if let since = plan.sinceTimestamp, let key = plan.resource.sync.updatedAt,
            case .string(let text)? = record.value(for: .updatedAt), !Timestamp.isEarlier(since, than: text),
            Timestamp.milliseconds(since) != nil, Timestamp.milliseconds(text) != nil
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
}

/// RS-IN-1 across a feed: rows ascend by updated_at (or version for a version feed), then id.
enum FeedOrder {
    static func checker(for plan: CheckPlan) -> SortOrderChecker? {
        let idKey = plan.resource.identity.key
        if plan.sinceTimestamp == nil, let versionKey = plan.resource.sync.version {
            return SortOrderChecker(
                rule: "RS-IN-1", orderKey: versionKey, idKey: idKey, description: "\(versionKey) ascending, then id"
            ) { facts in
                guard let version = facts.version, let id = facts.idText else { return nil }
                return (SortValue(rank: version), id)
            }
        }
        guard let updatedKey = plan.resource.sync.updatedAt else { return nil }
        return SortOrderChecker(
            rule: "RS-IN-1", orderKey: updatedKey, idKey: idKey, description: "\(updatedKey) ascending, then id"
        ) { facts in
            guard let text = facts.updatedAt, let ms = Timestamp.milliseconds(text), let id = facts.idText else {
                return nil
            }
            return (SortValue(rank: ms, written: text), id)
        }
    }
}
