extension RecordStore {
    /// A fresh UUID from the store's seeded generator: the one it draws server-assigned ids from,
    /// reproducible from the configuration's seed and kept with the records by a
    /// ``StoreCommitLog``. A store restored after a restart (`treaty serve --persist`) goes on
    /// from the last committed write, so an identifier that reached a record is never handed out
    /// again.
    ///
    /// For identifiers that end up in records (server-chosen names, upload receipts); a dialect's
    /// own generator is enough for ephemeral ones such as error ids.
    ///
    /// - Returns: A lower-case version-4 UUID string.
    public func uuid() -> String {
        writing { state in state.random.uuid() }
    }
}
