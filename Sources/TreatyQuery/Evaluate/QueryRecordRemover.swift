public import TreatyJSON

/// Removes records on behalf of ``CompiledQuery/remove(in:using:environment:)``; the record
/// store conforms so it decides what a removal means (tombstones, cascades, versions).
public protocol QueryRecordRemover {
    /// Removes the records of `resource` with these ids.
    ///
    /// - Parameters:
    ///   - ids: The ids of the records to remove.
    ///   - resource: The resource name.
    /// - Returns: How many records were removed.
    /// - Throws: Whatever stops the removal.
    func removeRecords(withIDs ids: [JSONValue], of resource: String) throws -> Int
}
