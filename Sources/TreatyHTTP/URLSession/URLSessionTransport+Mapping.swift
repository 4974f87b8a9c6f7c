internal import Foundation
internal import HTTPTypes

#if canImport(FoundationNetworking)
    internal import FoundationNetworking
#endif

extension URLSessionTransport {
    /// `request` as a `URLRequest`, with the defaults libcurl's transport adds (`User-Agent`,
    /// `Accept: */*`, an empty body for `POST`, `PUT` and `PATCH`); `nil` when Foundation cannot
    /// parse the URL.
    static func urlRequest(_ request: HTTPClientRequest, configuration: HTTPClientConfiguration) -> URLRequest? {
        guard let url = URL(string: request.url) else { return nil }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = (request.timeout ?? configuration.requestTimeout).timeInterval
        urlRequest.httpShouldHandleCookies = false
        for field in request.headerFields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        if request.headerFields[.userAgent] == nil {
            urlRequest.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        }
        if request.headerFields[.accept] == nil {
            urlRequest.setValue("*/*", forHTTPHeaderField: "Accept")
        }
        if request.method != .head {
            if let body = request.body {
                urlRequest.httpBody = Data(body)
            } else if [.post, .put, .patch].contains(request.method) {
                urlRequest.httpBody = Data()
            }
        }
        return urlRequest
    }

    /// The response URLSession delivered, or the ``HTTPClientError`` its error stands for.
    static func outcome(
        response: URLResponse?, body: [UInt8], error: (any Error)?, elapsed: Duration, context: HTTPClientErrorContext
    ) -> Result<HTTPClientResponse, any Error> {
        if let error { return .failure(clientError(error, context: context)) }
        guard let http = response as? HTTPURLResponse else {
            var context = context
            context.transportName = "URLSession"
            return .failure(
                HTTPClientError(.transport(code: 0, message: "URLSession gave no HTTP response"), context: context))
        }
        var fields = HTTPFields()
        let pairs = http.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String, let value = value as? String else { return nil }
            return (name, value)
        }
        for (name, value) in pairs.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) {
            guard let fieldName = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: fieldName, value: value))
        }
        return .success(
            HTTPClientResponse(
                status: HTTPResponse.Status(code: http.statusCode), headerFields: fields, body: body,
                httpVersion: "1.1", timings: HTTPTimings(firstByte: elapsed, total: elapsed)))
    }

    /// The ``HTTPClientError`` a URLSession error (an `NSURLErrorDomain` code) stands for.
    static func clientError(_ error: any Error, context: HTTPClientErrorContext) -> HTTPClientError {
        let code = (error as NSError).code
        var context = context
        context.transportMessage = error.localizedDescription
        context.transportName = "URLError"
        let base: HTTPClientError.Base
        switch URLError.Code(rawValue: code) {
        case .timedOut: base = .timedOut
        case .cannotFindHost, .dnsLookupFailed: base = .couldNotResolveHost
        case .cannotConnectToHost, .notConnectedToInternet: base = .couldNotConnect
        case .badURL, .unsupportedURL: base = .invalidURL
        case .cancelled: base = .cancelled
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid:
            context.tlsProblem = .certificateVerification
            base = .tlsFailure(detail: error.localizedDescription)
        case .clientCertificateRejected, .clientCertificateRequired:
            context.tlsProblem = .clientCertificate
            base = .tlsFailure(detail: error.localizedDescription)
        default: base = .transport(code: code, message: error.localizedDescription)
        }
        return HTTPClientError(base, context: context)
    }
}
