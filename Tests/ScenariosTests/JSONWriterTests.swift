import Foundation
import Scenarios
import SimulationTestSupport
import Testing

/// The value without source positions, to compare a tree with its written and re-read copy.
private func plain(_ node: JSONNode) -> JSONValue {
    let origin = SourcePosition(line: 1, column: 1)
    switch node.value {
    case .array(let elements): return .array(elements.map { JSONNode(plain($0), at: origin) })
    case .object(let members):
        return .object(members.map { JSONMember(key: $0.key, keyPosition: origin, value: JSONNode(plain($0.value), at: origin)) })
    default: return node.value
    }
}

@Test func writtenJSONReadsBackToTheSameTreeForEveryShippedScenario() throws {
    let directory = packageRoot.appendingPathComponent("scenarios")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
    #expect(!files.isEmpty)
    for file in files {
        let tree = try ScenarioLoader.tree(file: directory.appendingPathComponent(file).path,
                                           overrides: ["faults.windows=[]", "run.lifecycles=7"])
        for pretty in [true, false] {
            let text = tree.serialized(pretty: pretty)
            #expect(plain(try JSONParser.parse(text)) == plain(tree), "\(file) pretty=\(pretty)")
            // Foundation agrees that it is JSON.
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(file)")
        }
        #expect(tree["run"]?["lifecycles"]?.value == .number(7, literal: "7"))
    }
}

@Test func writerEscapesStringsAndKeepsNumberLiterals() throws {
    let tree = try JSONParser.parse(#"{"a": "x\"y\\z\n\u0001é", "n": [1.50, -2e3, 0], "o": {}, "e": [], "l": [{"k": null}]}"#)
    #expect(tree.serialized(pretty: false) == #"{"a":"x\"y\\z\n\u0001é","n":[1.50,-2e3,0],"o":{},"e":[],"l":[{"k":null}]}"#)
    #expect(tree.serialized() == """
        {
          "a": "x\\"y\\\\z\\n\\u0001é",
          "n": [1.50, -2e3, 0],
          "o": {},
          "e": [],
          "l": [
            {
              "k": null
            }
          ]
        }
        """)
}
