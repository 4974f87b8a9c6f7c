/// A name/value pair written as `<property name="…" value="…"/>`.
///
/// Suites and test cases carry properties; the writer sorts them by name (keeping the given order
/// among equal names). A test case's `attachment` property points Testmo-style tools at a file;
/// see ``TestCaseReport/addAttachment(_:)``.
public struct TestProperty: Sendable, Hashable {
    /// The property's name, for example `provider.version`; written on one line.
    public var name: String
    /// The property's value; may span lines (newlines are written as `&#10;`).
    public var value: String

    /// Creates a property.
    ///
    /// - Parameters:
    ///   - name: The property's name.
    ///   - value: The property's value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
