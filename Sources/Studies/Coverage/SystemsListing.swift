import PaymentWorld
import Reporting

/// The registered payment systems, for people and for scripts (`paystorm systems`): each one's
/// name, source, flows, scenario, own claims and docs page.
public enum SystemsListing {
    /// Where a system's generated docs page lives (`Benchmarks/tools/system-docs.sh` writes it).
    public static func docsPage(_ system: PaymentSystem) -> String { "docs/systems/\(system.description).md" }

    static func source(_ system: PaymentSystem) -> String {
        switch system.source {
        case .domain: "domain.md §2"
        case .seed: "its seed SDK"
        case .publicDocs(let pages): "its public docs (\(pages.count) pages)"
        }
    }

    /// Whether the system has a catalogue and a scenario, and so a generated docs page.
    public static func hasDocsPage(_ system: PaymentSystem) -> Bool {
        system.scenario != nil && SeedCatalogue.entries.contains { $0.system == system }
    }

    public static var lines: [String] {
        var lines = ["\(PaymentSystem.allCases.count) payment systems (Sources/PaymentWorld/Systems/, registered in Registry.swift)"]
        for system in PaymentSystem.allCases {
            lines.append("")
            lines.append("\(system.description): \(system.title), from \(source(system))")
            lines.append("  flows     " + system.flows.map(\.description).joined(separator: ", "))
            lines.append("  scenario  " + (system.scenario ?? "none"))
            if !system.claimIDs.isEmpty { lines.append("  claims    " + system.claimIDs.joined(separator: ", ")) }
            if hasDocsPage(system) { lines.append("  docs      " + docsPage(system)) }
        }
        return lines
    }

    public static var json: JSONOutput {
        .array(PaymentSystem.allCases.map { system in
            var pages: [JSONOutput] = []
            if case .publicDocs(let urls) = system.source { pages = urls.map { .string($0) } }
            return .object([
                ("name", .string(system.description)), ("title", .string(system.title)),
                ("source", .string(source(system))), ("pages", .array(pages)),
                ("flows", .array(system.flows.map { .string($0.description) })),
                ("scenario", system.scenario.map { .string($0) } ?? .null),
                ("claims", .array(system.claimIDs.map { .string($0) })),
                ("docs", hasDocsPage(system) ? .string(docsPage(system)) : .null),
            ])
        })
    }
}
