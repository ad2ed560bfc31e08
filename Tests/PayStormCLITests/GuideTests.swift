import Foundation
import PaymentWorld
import SimulationTestSupport
import Testing

/// docs/model-your-own-payment-system.md against the code it quotes: each Swift block opens with
/// the file it comes from, and its lines stand in that file together, in order; the paths it names
/// exist. The example folder itself is run by PaymentSystemRegistryTests.
@Suite struct GuideTests {
    static let guide = (try? String(contentsOf: packageRoot.appendingPathComponent("docs/model-your-own-payment-system.md"),
                                     encoding: .utf8)) ?? ""

    /// The Swift blocks: the file named on their first line, and the lines after it.
    static var quotes: [(file: String, lines: [String])] {
        var quotes: [(String, [String])] = []
        var block: [String]?
        for line in guide.components(separatedBy: "\n") {
            if line == "```swift" { block = [] } else if line == "```", let lines = block {
                if let first = lines.first, first.hasPrefix("// ") { quotes.append((String(first.dropFirst(3)), Array(lines.dropFirst()))) }
                block = nil
            } else if block != nil { block?.append(line) }
        }
        return quotes
    }

    @Test func everyQuotedBlockStandsInItsFile() throws {
        #expect(Self.quotes.count >= 7, "the guide lost its quoted blocks")
        for quote in Self.quotes {
            let text = try #require(try? String(contentsOf: packageRoot.appendingPathComponent(quote.file), encoding: .utf8),
                                    "the guide quotes \(quote.file), which does not exist")
            #expect(text.contains(quote.lines.joined(separator: "\n")), "the guide's block from \(quote.file) is not in it")
        }
    }

    @Test func thePathsItNamesExist() {
        for path in ["Sources/PaymentWorld/Systems/PaymentSystemModel.swift", "Sources/PaymentWorld/Systems/PaymentFlow.swift",
                     "Sources/PaymentWorld/Payments/SeedFlows/SeedStep.swift", "Benchmarks/tools/system-docs.sh",
                     "Sources/PaymentWorld/Systems/Mastercard/Platform+Mastercard.swift", "docs/lifecycles.md",
                     "docs/scenario-format.md"] {
            #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path), "\(path)")
            #expect(Self.guide.contains(path.replacingOccurrences(of: "Sources/PaymentWorld/", with: "")
                .replacingOccurrences(of: "docs/", with: "")), "the guide no longer names \(path)")
        }
        // The example's scenario is the one its model names.
        #expect(Self.guide.contains(PaymentSystem.stripe.scenario ?? "?"))
    }
}
