internal import HTTPTypes
internal import TreatyDialect
internal import TreatyJSON

extension MutationAnatomy {
    /// The mutants of lists: order reversed, a page short or long by one, totals off by one, a
    /// wrong page marker, tombstones left out of a change feed.
    func listMutants() -> [Mutant] {
        routes.filter { $0.role == .list }.flatMap { route in
            let name = route.name
            var mutants = [
                answerMutant(.pageShort, name, "leaves the last record out of \(name)", routes: [route]) { route, answer in
                    route.mappingRecordList(answer) { Array($0.dropLast()) }
                },
                answerMutant(.pageLong, name, "sends the last record of \(name) twice", routes: [route]) { route, answer in
                    route.mappingRecordList(answer) { items in items + (items.last.map { [$0] } ?? []) }
                },
            ]
            if route.ordered {
                mutants.append(
                    answerMutant(.reversedOrder, name, "answers \(name) in reverse order", routes: [route]) {
                        route, answer in route.mappingRecordList(answer) { $0.reversed() }
                    })
            }
            if let orderKey = route.orderKey {
                mutants.append(
                    answerMutant(
                        .orderUnstable, name, "breaks ties in `\(orderKey)` of \(name) the other way", routes: [route]
                    ) { route, answer in route.mappingRecordList(answer) { Self.reversingTies($0, route, orderKey) } })
            }
            if let total = route.total {
                mutants.append(
                    answerMutant(.totalOffByOne, name, "counts one record too many in the total of \(name)", routes: [route]) {
                        _, answer in
                        answer.updating(total[...]) { value in
                            value.numberValue?.int64Value.map { .number(JSONNumber($0 + 1)) } ?? value
                        }
                    })
            }
            if let marker = route.pageMarker {
                mutants.append(
                    answerMutant(.pageMarkerWrong, name, "sends a wrong page marker with \(name)", routes: [route]) {
                        _, answer in answer.updating(marker[...], Self.wrongMarker)
                    })
            }
            if let tombstone = route.tombstone {
                mutants.append(
                    answerMutant(.tombstoneDropped, name, "leaves tombstones out of \(name)", routes: [route]) {
                        route, answer in
                        route.mappingRecordList(answer) { items in
                            items.filter { item in
                                let mark = JSONPointer(tokens: tombstone).resolve(in: item) ?? .null
                                return mark.isNull || mark == .bool(false)
                            }
                        }
                    })
            }
            return mutants
        }
    }

    /// `items` with each run of records holding the same `orderKey` value reversed.
    static func reversingTies(_ items: [JSONValue], _ route: AnswerRoute, _ orderKey: String) -> [JSONValue] {
        let path = route.fields + [orderKey]
        var result: [JSONValue] = []
        var run: [JSONValue] = []
        var runValue: JSONValue?
        for item in items {
            let value = JSONPointer(tokens: path).resolve(in: item)
            if value != runValue || value == nil {
                result += run.reversed()
                run = []
            }
            run.append(item)
            runValue = value
        }
        return result + run.reversed()
    }

    /// A page marker that points elsewhere: a number one higher, a missing marker present, a
    /// present one missing.
    static func wrongMarker(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let number): number.int64Value.map { .number(JSONNumber($0 + 1)) } ?? .null
        case .null: .string("treaty-mutant-marker")
        case .bool(let flag): .bool(!flag)
        default: .null
        }
    }

    /// The mutants of the parameters a route defines: each one ignored (a concurrency token:
    /// its conflict not raised); limits, offsets and pages one too high; change-feed boundaries
    /// inclusive; sorts inverted and filter boundaries flipped where the dialect tells how.
    func parameterMutants() -> [Mutant] {
        routes.flatMap { route in
            route.parameters.flatMap { parameter in
                let site = "\(route.name).\(parameter.name)"
                var mutants = [
                    parameter.kind == .token
                        ? requestMutant(
                            .conflictNotRaised, site,
                            "applies \(route.name) whatever its `\(parameter.name)` says (a stale one raises no conflict)",
                            route: route, section: parameter.clause
                        ) { $0.removing(parameter) }
                        : requestMutant(
                            .parameterIgnored, site,
                            "ignores the \(parameter.kind.rawValue) `\(parameter.name)` of \(route.name)", route: route,
                            section: parameter.clause
                        ) { $0.removing(parameter) }
                ]
                if let inversion = parameter.inversion {
                    mutants.append(inversionMutant(route, parameter, inversion))
                }
                switch parameter.kind {
                case .limit, .offset, .page:
                    mutants.append(
                        requestMutant(
                            .parameterOffByOne, site, "takes `\(parameter.name)` of \(route.name) one too high", route: route,
                            section: parameter.clause
                        ) { $0.updating(parameter, Self.plusOne) })
                case .since:
                    mutants.append(
                        requestMutant(
                            .boundaryFlipped, site,
                            "includes records at the `\(parameter.name)` boundary of \(route.name) (>= instead of >)",
                            route: route, section: parameter.clause
                        ) { $0.updating(parameter, Self.justBefore) })
                default:
                    break
                }
                return mutants
            }
        }
    }

    /// The mutant that turns `parameter` of `route` the other way: a sort inverted, or a
    /// filter's boundaries flipped.
    private func inversionMutant(
        _ route: AnswerRoute, _ parameter: QueryParameter, _ inversion: ParameterInversion
    ) -> Mutant {
        let site = "\(route.name).\(parameter.name)"
        let sorts = parameter.kind == .sort
        return requestMutant(
            sorts ? .sortInverted : .filterBoundaryFlipped, site,
            sorts
                ? "sorts \(route.name) the other way than `\(parameter.name)` asks"
                : "flips the boundaries of `\(parameter.name)` of \(route.name) (> as >=, < as <=)",
            route: route, section: parameter.clause
        ) { $0.updating(parameter, inversion.inverted) }
    }

    /// A number one higher (text holding a number too).
    static func plusOne(_ value: JSONValue) -> JSONValue {
        if let number = value.numberValue?.int64Value { return .number(JSONNumber(number + 1)) }
        if let text = value.stringValue, let number = Int64(text) { return .string(String(number + 1)) }
        return value
    }

    /// The point just before a boundary: a version one lower, a timestamp one millisecond
    /// earlier, so a `>` comparison behaves as `>=`.
    static func justBefore(_ value: JSONValue) -> JSONValue {
        if let number = value.numberValue?.int64Value { return .number(JSONNumber(number - 1)) }
        guard let text = value.stringValue else { return value }
        if let number = Int64(text) { return .string(String(number - 1)) }
        guard let milliseconds = TimestampText.milliseconds(text) else { return value }
        return .string(TimestampText.format(milliseconds - 1))
    }
}
