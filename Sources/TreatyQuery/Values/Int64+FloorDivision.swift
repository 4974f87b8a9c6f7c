extension Int64 {
    /// The quotient rounded toward negative infinity.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder with the divisor's sign.
    func floorModulo(_ divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder != 0 && (remainder < 0) != (divisor < 0) ? remainder + divisor : remainder
    }
}
