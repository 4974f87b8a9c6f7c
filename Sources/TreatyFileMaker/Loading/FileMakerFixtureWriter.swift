import TreatyDialect
internal import TreatyJSON

/// Writes a store's records as the fixture directory ``FileMakerFixtureLoader`` reads
/// (`treaty export fixtures`): per table, `<Layout>.json` (`<Database>/<Layout>.json` when the
/// contract hosts several files) — a JSON array of records with their `recordId`, `modId` and
/// every field of the table's widest layout, in the stored (US) form the loader reads back, a
/// repeating field as `name(1)`, `name(2)`, … as the Data API shows it.
///
/// Globals (per session) and uploaded container data are not fixtures and are left out; a
/// container field keeps the reference it holds. The loader takes the record ids and serials
/// to continue from as the largest ones written. `treaty check --resource` judges Data API
/// `fieldData`, so it reports `recordId`, `modId` and the layout's globals left out, as it does
/// for any hand-written FileMaker fixture.
struct FileMakerFixtureWriter: Sendable {
    /// The contract's databases.
    let schema: FileMakerSchema

    /// The files of `store`'s records, one per table that has a layout.
    ///
    /// - Parameter store: The store to export.
    /// - Returns: The files to write under the fixture directory.
    func files(of store: RecordStore) -> [FixtureFile] {
        schema.databases.flatMap { database in
            database.tables.compactMap { table -> FixtureFile? in
                let layouts = database.layouts.filter { $0.table == table.name }
                guard let layout = layouts.max(by: { $0.fields.count < $1.fields.count }),
                    let rows = store.dump(FileMakerStoreModel.resource(database: database.name, table: table.name))
                else { return nil }
                let fields = layout.fields.filter { !$0.global }
                let records = rows.map { row -> JSONValue in
                    var record = JSONObject()
                    record["recordId"] = row["recordId"] ?? ""
                    record["modId"] = row["modId"] ?? "0"
                    for field in fields {
                        let value = row[field.name] ?? ""
                        guard field.repetitions > 1 else {
                            record[field.name] = value
                            continue
                        }
                        let values = FileMakerRepetition.values(value, count: field.repetitions)
                        for (index, item) in values.enumerated() { record["\(field.name)(\(index + 1))"] = item }
                    }
                    return .object(record)
                }
                let folder = schema.databases.count > 1 ? database.name + "/" : ""
                return FixtureFile(
                    relativePath: folder + layout.name + ".json",
                    contents: JSONValue.array(records).serializedBytes(options: JSONWriteOptions(pretty: true)) + [0x0A])
            }
        }
    }
}
