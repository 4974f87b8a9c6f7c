/// Which JUnit dialect ``JUnitWriter`` writes.
public enum JUnitFlavor: Sendable, Hashable {
    /// Everything today's consumers read: testcase `file`, `line`, `assertions` and properties,
    /// testsuites `skipped` and `timestamp`, `<skipped message="…"/>`. Validates against the
    /// project's `junit-report.xsd`. Use for GitLab, GitHub annotators, CircleCI, Azure, dorny.
    case standard
    /// What the Jenkins xUnit plugin accepts: drops testsuites `skipped`/`timestamp`, testsuite
    /// `file`, testcase `file`/`line`/`assertions`/properties, and writes a skip message as the
    /// text of `<skipped>`. Validates against `junit-jenkins.xsd` and `junit-xunit-plugin-10.xsd`.
    case strictJenkins
}
