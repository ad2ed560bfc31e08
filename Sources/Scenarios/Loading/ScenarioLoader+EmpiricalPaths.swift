extension ScenarioLoader {
    /// `root` with every `empirical(file: …)` path made absolute, resolved against the directory
    /// of `scenarioFile`.
    ///
    /// An empirical path is relative to the scenario file that names it, so a tree written
    /// somewhere else (`paystorm shrink` writes `shrunk.json` into its `--out`) must carry absolute
    /// paths to read the same files. Only strings that name an empirical file and parse as a
    /// distribution are rewritten (to the syntax's own form); everything else stays as written.
    static func resolvingEmpiricalFiles(in root: JSONNode, relativeTo scenarioFile: String) -> JSONNode {
        var node = root
        switch root.value {
        case .string(let text) where text.contains("empirical"):
            if let spec = try? Quantities.distribution(text) {
                let resolved = spec.resolvingFiles(relativeTo: scenarioFile)
                if resolved != spec { node.value = .string(resolved.description) }
            }
        case .array(let elements):
            node.value = .array(elements.map { resolvingEmpiricalFiles(in: $0, relativeTo: scenarioFile) })
        case .object(let members):
            node.value = .object(members.map { member in
                var member = member
                member.value = resolvingEmpiricalFiles(in: member.value, relativeTo: scenarioFile)
                return member
            })
        default:
            break
        }
        return node
    }
}

extension DistributionSpec {
    /// This spec with each empirical file's path absolute, resolved against `scenarioFile`'s directory.
    public func resolvingFiles(relativeTo scenarioFile: String) -> DistributionSpec {
        switch self {
        case .empirical(let file, let histogram, let column):
            return .empirical(file: EmpiricalFiles.resolve(file, relativeTo: scenarioFile), histogram: histogram, column: column)
        case .mixture(let components):
            return .mixture(components.map {
                MixtureComponentSpec(weight: $0.weight, distribution: $0.distribution.resolvingFiles(relativeTo: scenarioFile))
            })
        default:
            return self
        }
    }
}
