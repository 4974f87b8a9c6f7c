import TreatyCore

extension RuleID {
    /// `FM-ENV-1`: every answer is `{"response": {…}, "messages": [{"code": "…", "message": "…"}]}`
    /// with the code as a string.
    static let fileMakerEnvelope: RuleID = "FM-ENV-1"
    /// `FM-DATA-1`: a records answer has `dataInfo` with integer `totalRecordCount`, `foundCount`
    /// and `returnedCount` (= the records sent) and a `data` array.
    static let fileMakerData: RuleID = "FM-DATA-1"
    /// `FM-REC-1`: a record has `fieldData` and `portalData` objects, and `recordId` and `modId`
    /// as strings of digits.
    static let fileMakerRecord: RuleID = "FM-REC-1"
    /// `FM-FIELD-1`: `fieldData` has exactly the layout's fields — none missing, none extra.
    static let fileMakerField: RuleID = "FM-FIELD-1"
    /// `FM-TYPE-1`: number fields are JSON numbers (or `""` when empty), every other field a
    /// string; never `null` (FileMaker has no null: an empty field is `""`).
    static let fileMakerType: RuleID = "FM-TYPE-1"
    /// `FM-DATE-1`: dates are `MM/dd/yyyy`, times `HH:mm:ss`, timestamps `MM/dd/yyyy HH:mm:ss`.
    static let fileMakerDate: RuleID = "FM-DATE-1"
    /// `FM-PORTAL-1`: `portalData` holds the layout's portals; rows carry `recordId`, `modId` and
    /// the portal's fields qualified by its table (`Albums::title`).
    static let fileMakerPortal: RuleID = "FM-PORTAL-1"
    /// `FM-ID-1`: a layout's primary key field is present and not empty in every record.
    static let fileMakerIdentity: RuleID = "FM-ID-1"
    /// `FM-ERR-1`: an error answer keeps the envelope with a non-zero code, an empty `response`,
    /// and the HTTP status that goes with the code (401 for 212 and 952, 500 for FileMaker
    /// errors).
    static let fileMakerError: RuleID = "FM-ERR-1"

    /// Every FileMaker rule, in documentation order.
    static let fileMakerRules: [RuleID] = [
        .fileMakerEnvelope, .fileMakerData, .fileMakerRecord, .fileMakerField, .fileMakerType, .fileMakerDate,
        .fileMakerPortal, .fileMakerIdentity, .fileMakerError,
    ]
}
