import Scenarios
import Testing

@Test func scenarioErrorReadsFileFieldExpectedFoundAndHint() {
    let plain = ScenarioError(
        file: "scenarios/peak.json", fieldPath: "workload.rate",
        expected: "a positive number (payments per second)", found: "-5")
    #expect(plain.description
        == "scenarios/peak.json: workload.rate: expected a positive number (payments per second), found -5")
    let hinted = ScenarioError(
        file: "scenarios/peak.json", fieldPath: "workload.rat", expected: "a known field", found: "\"rat\"",
        hint: "did you mean \"rate\"?")
    #expect(hinted.description
        == #"scenarios/peak.json: workload.rat: expected a known field, found "rat" (did you mean "rate"?)"#)
}

@Test func syntaxErrorBecomesAScenarioErrorAtItsPosition() {
    do {
        _ = try JSONParser.parse("{\n  \"a\": 1,\n  \"b\": 2\n  \"c\": 3}")
        Issue.record("parsed a document with a missing comma")
    } catch {
        let scenarioError = ScenarioError(file: "scenarios/x.json", syntaxError: error)
        #expect(scenarioError.description
            == #"scenarios/x.json: line 4, column 3: expected ',' or '}' after an object member, found '"'"#)
    }
}

@Test func quantityErrorBecomesAScenarioErrorAtItsField() {
    do {
        _ = try Quantities.duration("5sec")
        Issue.record("parsed 5sec")
    } catch {
        let scenarioError = ScenarioError(file: "scenarios/x.json", fieldPath: "policies.timeout", quantityError: error)
        #expect(scenarioError.description
            == #"scenarios/x.json: policies.timeout: expected a duration unit (ns, us, ms, s, m or h), found "5sec" (did you mean "5s"?)"#)
    }
}

@Test func scenarioErrorsListOneErrorPerLine() {
    let errors = ScenarioErrors([
        ScenarioError(file: "a.json", fieldPath: "seed", expected: "an integer", found: "1.5"),
        ScenarioError(file: "a.json", fieldPath: "run.duration", expected: "a duration", found: "\"x\"", hint: "h"),
    ])
    #expect(errors.description == "a.json: seed: expected an integer, found 1.5\na.json: run.duration: expected a duration, found \"x\" (h)")
}
