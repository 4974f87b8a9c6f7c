internal import Foundation
internal import TreatyCalendar
internal import TreatyDialect
internal import TreatyJSON

/// Writes records the way FileMaker does: only fields of the layout, never calculations or
/// summaries, values converted by result type, auto-enter on create, "not empty" validation,
/// `recordId`s and serials from counters that never go back, `modId` up by one per change.
struct FileMakerWriter {
    let context: FileMakerContext

    /// The stored values of a `fieldData` object for fields of `layout`, over `base` (the record
    /// an edit changes): a repeating field is stored as an array of its repetitions, and
    /// `name(2)` writes the second.
    ///
    /// - Throws: 102 for a field the layout does not show, 111 for a repetition it does not
    ///   have, 201 for a field that cannot be modified.
    func values(_ fieldData: JSONObject, on layout: FileMakerLayout, base: JSONObject = JSONObject())
        throws(FileMakerError) -> JSONObject
    {
        var values = JSONObject()
        for member in fieldData.members {
            let (name, repetition) = FileMakerRepetition.parse(member.key)
            guard let field = layout.field(named: name) else { throw FileMakerError.fieldMissing(member.key) }
            guard field.isWritable, !field.global, field.result != .container else {
                throw FileMakerError.fieldNotModifiable
            }
            guard (1...field.repetitions).contains(repetition) else {
                throw FileMakerError(111, "Field repetition is invalid")
            }
            let value = try FileMakerValue.stored(member.value, for: field, format: context.dateFormat)
            guard field.repetitions > 1 else {
                values[field.name] = value
                continue
            }
            var repetitions = FileMakerRepetition.values(
                values[field.name] ?? base[field.name], count: field.repetitions)
            repetitions[repetition - 1] = value
            values[field.name] = .array(repetitions)
        }
        return values
    }

    /// Creates a record of `table` (a store resource) with `values`, applying auto-enter values
    /// and validation; returns the stored record.
    func create(_ values: JSONObject, in tableName: String) throws(FileMakerError) -> JSONObject {
        guard let table = context.database.table(named: tableName) else {
            throw FileMakerError(106, "Table is missing")
        }
        let resource = FileMakerStoreModel.resource(database: context.database.name, table: tableName)
        var record: JSONObject = ["recordId": .string(String(next(resource))), "modId": "0"]
        for field in table.fields where !field.global {
            let value = values[field.name] ?? autoEntered(field, table: resource) ?? ""
            record[field.name] =
                field.repetitions > 1 && value.arrayValue == nil
                ? .array(FileMakerRepetition.values(value, count: field.repetitions)) : value
        }
        try validate(record, table: table)
        do {
            return try context.store.create(resource, body: .object(record))
        } catch {
            throw FileMakerError(500 + 9, error.message)
        }
    }

    /// Changes `record` of `tableName`: the given values, modification auto-enter, `modId` + 1.
    func update(_ record: JSONObject, with values: JSONObject, in tableName: String) throws(FileMakerError)
        -> JSONObject
    {
        guard let table = context.database.table(named: tableName) else {
            throw FileMakerError(106, "Table is missing")
        }
        guard !values.isEmpty else { return record }
        let resource = FileMakerStoreModel.resource(database: context.database.name, table: tableName)
        var changed = record
        for member in values.members { changed[member.key] = member.value }
        for field in table.fields where field.autoEnter == .modificationTimestamp {
            changed[field.name] = .string(Self.timestamp(context.store.nextChangeTime()))
        }
        let modId = Int(FileMakerRecordPresenter.text(record["modId"])) ?? 0
        changed["modId"] = .string(String(modId + 1))
        try validate(changed, table: table)
        let id = FileMakerRecordPresenter.text(record["recordId"])
        do {
            return try context.store.replace(resource, id: id, record: .object(changed))
        } catch {
            throw FileMakerError(101, error.message)
        }
    }

    private func validate(_ record: JSONObject, table: FileMakerTable) throws(FileMakerError) {
        for field in table.fields where field.notEmpty && !field.global {
            let first = FileMakerRepetition.values(record[field.name], count: field.repetitions).first
            if FileMakerRecordPresenter.text(first).isEmpty { throw FileMakerError.requiredEmpty }
        }
    }

    private func autoEntered(_ field: FileMakerField, table resource: String) -> JSONValue? {
        switch field.autoEnter {
        case .serial?:
            let value = next("\(resource)::\(field.name)")
            return field.result == .number ? .number(JSONNumber(value)) : .string(String(value))
        case .uuid?:
            var generator = SeededGenerator(
                seed: UInt64(bitPattern: context.store.nextChangeTime()) &+ UInt64(next("\(resource)::uuid")))
            let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            return .string(UUID(uuid: Self.tuple(bytes)).uuidString)
        case .creationTimestamp?, .modificationTimestamp?:
            return .string(Self.timestamp(context.store.nextChangeTime()))
        case nil: return nil
        }
    }

    /// The next value of counter `key` (a table's record ids, a serial field), kept in the store.
    func next(_ key: String) -> Int {
        let sequences = FileMakerStoreModel.sequences
        let last = (try? context.store.get(sequences, id: key))?["last"]?.numberValue?.int64Value
        let value = Int(last ?? 0) + 1
        let record: JSONValue = ["recordId": .string(key), "last": .number(JSONNumber(value))]
        if last == nil {
            _ = try? context.store.create(sequences, body: record)
        } else {
            _ = try? context.store.replace(sequences, id: key, record: record)
        }
        return value
    }

    static func timestamp(_ milliseconds: Int64) -> String {
        let days = Int((milliseconds / 86_400_000))
        let seconds = Int((milliseconds % 86_400_000) / 1000)
        let date = FileMakerValue.usDate(.init(daysSinceEpoch: days))
        return date + String(format: " %02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    private static func tuple(_ b: [UInt8]) -> uuid_t {
        (
            b[0], b[1], b[2], b[3], b[4], b[5], b[6] & 0x0F | 0x40, b[7], b[8] & 0x3F | 0x80, b[9], b[10], b[11], b[12],
            b[13], b[14], b[15]
        )
    }
}
