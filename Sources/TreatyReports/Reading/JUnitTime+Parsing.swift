import Foundation
import TreatyCalendar

extension JUnitTime {
    /// Reads a `timestamp` attribute: `YYYY-MM-DDThh:mm:ss`, optionally with fractional seconds and
    /// `Z` or a `±hh:mm`, `±hhmm` or `±hh` offset. A zoneless timestamp is UTC. Returns `nil` when
    /// unreadable.
    static func date(fromTimestamp text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let timestamp = RFC3339Timestamp.parse(trimmed, grammar: timestampGrammar) else { return nil }
        return Date(timeIntervalSince1970: Double(timestamp.secondsSinceEpoch) + Double(timestamp.nanosecond) / 1e9)
    }

    /// The relatives of RFC 3339 that other tools write in `timestamp` attributes.
    private static let timestampGrammar: RFC3339Timestamp.Grammar = [
        .lowercase, .spaceSeparator, .missingZone, .compactOffset, .hourOffset,
    ]
}
