internal import TreatyDialectKit
internal import TreatyDialect

/// Timestamps as the sync rules write them (`2025-01-01T09:00:00.000Z`), in milliseconds.
enum CursorText {
    static func milliseconds(_ text: String) -> Int64? { TimestampText.milliseconds(text) }
    static func format(_ milliseconds: Int64) -> String { TimestampText.format(milliseconds) }
}
