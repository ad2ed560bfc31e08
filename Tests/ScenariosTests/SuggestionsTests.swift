import Scenarios
import Testing

private let fields = ["name", "description", "seed", "run", "workload", "topology", "faults", "policies", "slo", "rate"]

let suggestionTable: [(String, String?)] = [
    ("rat", "rate"),
    ("raet", "rate"),  // A swap of two neighbours is one edit.
    ("Rate", "rate"),  // Case is ignored.
    ("RATE", "rate"),
    ("wrkload", "workload"),
    ("topolgy", "topology"),
    ("descripton", "description"),
    ("polices", "policies"),
    ("seeds", "seed"),
    ("fault", "faults"),
    ("sol", "slo"),
    ("banana", nil),
    ("x", nil),
    ("", nil),
    ("duration", nil),
    ("workloads_extra", nil),
]

@Test(arguments: suggestionTable)
func suggestsTheClosestField(word: String, expected: String?) {
    #expect(closestMatch(to: word, among: fields) == expected)
}

@Test func tiesGoToTheFirstCandidateAndEmptyCandidatesGiveNothing() {
    #expect(closestMatch(to: "cat", among: ["bat", "hat"]) == "bat")
    #expect(closestMatch(to: "cat", among: ["hat", "bat"]) == "hat")
    #expect(closestMatch(to: "rate", among: []) == nil)
    #expect(closestMatch(to: "xy", among: ["id"]) == nil)  // Replacing every character is no typo.
}

/// One edit from two candidates: a swap (the same letters) beats a deletion, whatever the order;
/// other ties still go to the first.
@Test func aSwapBeatsOtherEditsAtTheSameDistance() {
    #expect(closestMatch(to: "afctor", among: ["actor", "factor"]) == "factor")
    #expect(closestMatch(to: "afctor", among: ["factor", "actor"]) == "factor")
    #expect(closestMatch(to: "actr", among: ["actor", "factor"]) == "actor")
    #expect(closestMatch(to: "--sed", among: ["--seed", "--set"]) == "--seed")
}
