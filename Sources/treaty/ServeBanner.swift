/// The one line `treaty serve` prints on standard output once it listens.
///
/// `treaty: serving <api> (<dialect>) at <url> - <fixtures>`: scripts find the URL as the word
/// after ` at `, and the rest says which records the store started with.
struct ServeBanner: Sendable {
    let api: String
    let dialect: String
    /// Which fixture set was loaded, e.g. `loaded fixtures from Fixtures/demo/ (12 records)`.
    let fixtures: String

    /// The line, without its line feed.
    func line(url: String) -> String {
        "treaty: serving \(api) (\(dialect)) at \(url) - \(fixtures)"
    }
}
