import TreatyDialect
internal import TreatyJSON

/// Writes a store's records as the fixture directory ``PocketBaseRecordLoader`` reads
/// (`treaty export fixtures`): `<collection>.json` per collection of the server's schema, a JSON
/// array of its records as the store keeps them, each led by its `collectionId` and
/// `collectionName` as the API shows it (so `treaty check --resource` judges the file) — ids,
/// times, and for auth collections `tokenKey` and the stored password hash, which the loader keeps
/// as it is (and which `treaty check` reports as shown hidden fields, as it does for any
/// hand-written auth fixture).
///
/// Left out, since the loader cannot take them: `_superusers` (the superuser comes from
/// `--superuser`), the other built-in collections, view collections, and collections created
/// over the API that the schema file (`pb_schema.json` or `--collections`) does not hold.
/// Uploaded files are not fixtures; a file field keeps the names it holds.
struct PocketBaseFixtureWriter: Sendable {
    /// The collections the server is configured with (what the loader reads fixtures for).
    let collections: [PocketBaseCollection]

    /// The files of `store`'s records, one per exported collection that the store holds.
    ///
    /// - Parameter store: The store to export.
    /// - Returns: The files to write under the fixture directory.
    func files(of store: RecordStore) -> [FixtureFile] {
        let current = store.attachment(PocketBaseDialectState.key).map { PocketBaseDialectState(attachment: $0).collections }
        return (current ?? collections).compactMap { collection -> FixtureFile? in
            guard collection.type != .view, !collection.name.hasPrefix("_"),
                collections.contains(where: { $0.name == collection.name }),
                let records = store.dump(collection.name)
            else { return nil }
            let named = records.map { record -> JSONValue in
                let members: [JSONObject.Member] = [
                    .init(key: "collectionId", value: .string(collection.id)),
                    .init(key: "collectionName", value: .string(collection.name)),
                ]
                return .object(JSONObject(members + record.members))
            }
            return FixtureFile(
                relativePath: collection.name + ".json",
                contents: JSONValue.array(named).serializedBytes(
                    options: JSONWriteOptions(pretty: true)) + [0x0A])
        }
    }
}
