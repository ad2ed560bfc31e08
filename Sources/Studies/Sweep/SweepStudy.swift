import Exploration
import Foundation
import Reporting
import Scenarios

/// A sweep checked and built before anything runs: every point a valid scenario, the work within
/// its budget (``WorkBudget``), and the scenario file read once, so every point runs the bytes the
/// sweep's digest names.
public struct SweepStudy {
    public var file: String
    /// The scenario with the `--set` overrides and no axis applied: its name and seed name the sweep.
    public var base: Scenario
    public var plan: SweepPlan
    /// One scenario per point of `plan`, in point order.
    public var scenarios: [Scenario]
    public var overrides: [String]
    /// FNV-1a of the scenario file's bytes as read: an edit between shards changes it.
    public var digest: String

    /// Checks the axes and the size of the work first, then reads `file` once and builds every point.
    ///
    /// - Returns: nil when `stop` asked between two points (a large sweep's setup takes seconds).
    public static func prepare(file: String, axes: [SweepPlan.Axis], replications: Int, overrides: [String],
                               seed: UInt64?, allowLarge: Bool, stop: StopCondition = .never) throws(InputError) -> SweepStudy? {
        try checkAxes(axes)
        let points = try pointCount(axes)
        try checkRuns(points: points, replications: replications, allowLarge: allowLarge)
        let source = try ScenarioSource(file: file)
        let base = try source.load(overrides: overrides)
        let plan = SweepPlan(axes: axes, replications: replications, baseSeed: seed ?? base.seed)
        var scenarios: [Scenario] = []
        for point in plan.points {
            if stop.isRequested() { return nil }
            scenarios.append(try source.load(overrides: overrides, varied: point.map { "\($0.path)=\($0.value)" }))
        }
        let lifecycles = scenarios.reduce(0) { $0 + WorkBudget.lifecycles(of: $1) } * Double(replications)
        try WorkBudget.check(lifecycles: lifecycles, of: "\(SummaryTable.grouped(UInt64(plan.items.count))) runs",
                             allowed: allowLarge, command: "sweep")
        return SweepStudy(file: file, base: base, plan: plan, scenarios: scenarios, overrides: overrides,
                          digest: source.digest)
    }

    /// The items of shard `index` of `count` (every item when nil): item k goes to shard k mod count.
    public func items(shard: (index: Int, count: Int)?) -> [(point: Int, replication: Int)] {
        plan.items.enumerated().filter { shard == nil || $0.offset % shard!.count == shard!.index }.map(\.element)
    }

    /// The command that runs this sweep again, as its files record it.
    public func command(varyFlags: [String]) -> String {
        "paystorm sweep --scenario \(shellQuoted(file)) " + varyFlags.map { "--vary \(shellQuoted($0))" }.joined(separator: " ")
            + " --replications \(plan.replications) --seed \(plan.baseSeed)" + overrides.map { " --set \(shellQuoted($0))" }.joined()
    }

    /// The lifecycles a replication runs, when every point runs the same number (for advice).
    public var lifecyclesPerRun: Int? {
        let counts = Set(scenarios.map { Int(WorkBudget.lifecycles(of: $0)) })
        return counts.count == 1 ? counts.first : nil
    }

    /// Runs its `items` (``SweepRunner/run(items:scenarios:plan:threads:stop:heartbeat:)``).
    public func run(_ items: [(point: Int, replication: Int)], threads: Int, stop: StopCondition = .never,
                    heartbeat: (_ finished: Int) -> Void = { _ in }) -> (samples: [SweepSample], pooled: [Int: SweepSample.Latency]) {
        SweepRunner.run(items: items, scenarios: scenarios, plan: plan, threads: threads, stop: stop, heartbeat: heartbeat)
    }

    private static func checkAxes(_ axes: [SweepPlan.Axis]) throws(InputError) {
        guard !axes.isEmpty else { throw InputError("paystorm sweep: at least one --vary PATH=FROM..TO:STEP is required") }
        for (index, axis) in axes.enumerated() where axes[..<index].contains(where: { $0.path == axis.path }) {
            throw InputError("paystorm sweep: --vary \(axis.path) is given twice; give each field one axis, "
                             + "such as --vary \(axis.path)=A,B,C with every value")
        }
    }

    /// The size of the cross product, before anything is built for it.
    private static func pointCount(_ axes: [SweepPlan.Axis]) throws(InputError) -> Int {
        var count = 1
        for axis in axes {
            let (product, overflow) = count.multipliedReportingOverflow(by: axis.values.count)
            count = overflow ? .max : product
        }
        guard count <= WorkBudget.maximumPoints else {
            throw InputError("paystorm sweep: the --vary axes make \(WorkBudget.approximate(Double(count))) points, past the "
                             + "limit of \(SummaryTable.grouped(UInt64(WorkBudget.maximumPoints))); use fewer values or a larger "
                             + "STEP (docs/limits.md)")
        }
        return count
    }

    private static func checkRuns(points: Int, replications: Int, allowLarge: Bool) throws(InputError) {
        let runs = points * replications
        let limit = allowLarge ? WorkBudget.maximumRuns : WorkBudget.runs
        guard runs > limit else { return }
        throw InputError("paystorm sweep: \(SummaryTable.grouped(UInt64(points))) points × \(replications) replications are "
                         + "\(SummaryTable.grouped(UInt64(runs))) runs, past the limit of \(SummaryTable.grouped(UInt64(limit)))"
                         + (allowLarge ? "" : "; make it smaller, or pass --allow-large (up to "
                            + "\(SummaryTable.grouped(UInt64(WorkBudget.maximumRuns))) runs)") + " (docs/limits.md)")
    }
}
