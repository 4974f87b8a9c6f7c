/// The limits on fixture files, the same for every dialect.
public enum FixtureLimits {
    /// The largest fixture file accepted by default: 64 MiB, room for 100,000 rest-sync tasks
    /// (53 MB); `treaty serve --max-fixture-size` raises it.
    public static let defaultMaxFileSize = 64 * 1024 * 1024

    /// How to get a file under the limit.
    public static let fix = "load fewer records, or raise the limit with treaty serve --max-fixture-size"
}
