/// A field path of a condition, with how its values are tested.
struct ConditionPath {
    var path: FieldPath
    /// `:each`: the elements of a list are tested one by one.
    var each = false
}
