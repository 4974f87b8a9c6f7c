internal import Foundation
public import TreatyJSON

/// A point on the Earth's surface, for `near` on location fields.
public struct GeoPoint: Sendable, Hashable {
    /// Degrees north, −90…90.
    public var latitude: Double
    /// Degrees east, −180…180.
    public var longitude: Double

    /// Creates a point.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The point of a `{"latitude", "longitude"}` object; `nil` for anything else.
    public init?(_ value: JSONValue) {
        guard let latitude = value["latitude"]?.numberValue?.doubleValue,
            let longitude = value["longitude"]?.numberValue?.doubleValue
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// The mean Earth radius in metres (IUGG).
    static let earthRadius = 6_371_008.8

    /// The great-circle (haversine) distance to `other`, in metres.
    public func distance(to other: GeoPoint) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (other.latitude - latitude) * radians
        let dLongitude = (other.longitude - longitude) * radians
        let a =
            sin(dLatitude / 2) * sin(dLatitude / 2) + cos(latitude * radians) * cos(other.latitude * radians)
            * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * Self.earthRadius * atan2(sqrt(a), sqrt(1 - a))
    }
}
