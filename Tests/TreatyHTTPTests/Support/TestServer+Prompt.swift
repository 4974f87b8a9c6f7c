extension TestServer {
    /// A path this server answers only after two minutes: a request to it that ends sooner was
    /// ended by the client (a timeout, a cancellation, a shutdown).
    static let slowPath = "/delay/120000"

    /// How soon a client must give up to have given up "promptly": far before ``slowPath``
    /// answers and within the suites' one-minute time limits, yet loose enough for a machine
    /// whose cores are all busy (a cancellation there took 16 s to land).
    static let promptly: Duration = .seconds(45)
}
