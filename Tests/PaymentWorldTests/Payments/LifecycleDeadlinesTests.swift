import Testing
import SimulationKernel
@testable import PaymentWorld

/// The one-timer G-7 watch: slots in flight, per-flow lists in deadline order, and only the
/// overdue ones taken.
@Suite struct LifecycleDeadlinesTests {
    private static func at(_ seconds: Int64) -> SimTime { SimTime(nanoseconds: seconds * 1_000_000_000) }

    @Test func theEarliestIsTheEarliestHeadAcrossFlows() {
        var deadlines = LifecycleDeadlines(flows: 3)
        #expect(deadlines.earliest == nil && deadlines.count == 0)
        deadlines.link(0, flow: 2, deadline: Self.at(300))
        deadlines.link(1, flow: 0, deadline: Self.at(100))
        deadlines.link(2, flow: 0, deadline: Self.at(120))
        #expect(deadlines.earliest == Self.at(100) && deadlines.count == 3)
        deadlines.unlink(1)
        #expect(deadlines.earliest == Self.at(120))
        deadlines.unlink(2)
        #expect(deadlines.earliest == Self.at(300))
        deadlines.unlink(0)
        #expect(deadlines.earliest == nil && deadlines.count == 0)
    }

    @Test func takeDueUnlinksOnlyTheOverdueAndLeavesTheRestInOrder() {
        var deadlines = LifecycleDeadlines(flows: 2)
        deadlines.link(5, flow: 0, deadline: Self.at(10))
        deadlines.link(3, flow: 0, deadline: Self.at(20))
        deadlines.link(7, flow: 1, deadline: Self.at(15))
        deadlines.link(9, flow: 0, deadline: Self.at(40))
        #expect(deadlines.takeDue(at: Self.at(20)) == [5, 3, 7])
        #expect(!deadlines.isLinked(5) && !deadlines.isLinked(3) && !deadlines.isLinked(7) && deadlines.isLinked(9))
        #expect(deadlines.earliest == Self.at(40) && deadlines.count == 1)
        #expect(deadlines.takeDue(at: Self.at(39)).isEmpty)
    }

    @Test func unlinkingTheMiddleKeepsBothNeighboursAndAFreedSlotLinksAgain() {
        var deadlines = LifecycleDeadlines(flows: 1)
        deadlines.link(0, flow: 0, deadline: Self.at(1))
        deadlines.link(1, flow: 0, deadline: Self.at(2))
        deadlines.link(2, flow: 0, deadline: Self.at(3))
        deadlines.unlink(1)
        deadlines.unlink(1)  // A lifecycle whose deadline was reported ends later: nothing to undo.
        #expect(deadlines.count == 2)
        deadlines.link(1, flow: 0, deadline: Self.at(4))
        #expect(deadlines.takeDue(at: Self.at(10)) == [0, 2, 1])
        #expect(deadlines.count == 0 && deadlines.earliest == nil)
    }
}
