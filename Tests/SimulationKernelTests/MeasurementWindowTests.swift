import SimulationKernel
import Testing

/// A station with a measurement window counts only what the window covers: busy and waiting
/// time inside it, arrivals in it, and the waits of tokens that arrived in it.
struct MeasurementWindowTests {
    private func at(_ seconds: Int64) -> SimTime { SimTime(nanoseconds: seconds * 1_000_000_000) }

    @Test func utilizationCoversOnlyTheWindow() {
        let window = MeasurementWindow(start: at(10))
        var station = ServiceStation(servers: 2, window: window)
        // One server busy from 0 s to 30 s; the window runs from 10 s to 20 s.
        #expect(station.arrive(1, at: at(0)) == .serving)
        window.close(at: at(20))
        _ = station.startNext(at: at(30)) { _ in false }
        // 10 s of one server busy in a window of 10 s × 2 servers.
        #expect(station.utilization(at: at(40)) == 0.5)
        #expect(station.measuredNanoseconds(at: at(40)) == 10_000_000_000)
        #expect(station.arrivals == 0, "the arrival at 0 s came before the window")
    }

    @Test func arrivalsAndWaitsBelongToTheWindowTheyArrivedIn() {
        let window = MeasurementWindow(start: at(10))
        var station = ServiceStation(servers: 1, window: window)
        #expect(station.arrive(1, at: at(5)) == .serving)   // Before: not counted.
        #expect(station.arrive(2, at: at(12)) == .waiting)  // In the window: waits 8 s.
        #expect(station.startNext(at: at(20)) { _ in false } == 2)
        window.close(at: at(25))
        #expect(station.arrive(3, at: at(26)) == .waiting)  // After: the drain, not counted.
        #expect(station.startNext(at: at(30)) { _ in false } == 3)
        #expect(station.arrivals == 1)
        #expect(station.waited == 1)
        #expect(station.queueingDelay.count == 1)
        #expect(station.queueingDelay.mean == 8e9)
        // One token waited from 12 s to 20 s of a 15 s window: L = 8/15, and λW = (1/15) × 8 (Little's law).
        #expect(abs(station.meanWaiting(at: at(40)) - 8.0 / 15.0) < 1e-12)
    }

    @Test func withoutAWindowNothingChanges() {
        var station = ServiceStation(servers: 1)
        #expect(station.arrive(1, at: at(0)) == .serving)
        #expect(station.arrive(2, at: at(2)) == .waiting)
        #expect(station.startNext(at: at(4)) { _ in false } == 2)
        #expect(station.startNext(at: at(6)) { _ in false } == nil)
        #expect(station.utilization(at: at(12)) == 0.5)
        #expect(station.arrivals == 2)
        #expect(abs(station.meanWaiting(at: at(12)) - 2.0 / 12.0) < 1e-12)
    }

    @Test func aWindowClosesOnceAndNeverBeforeItStarts() {
        let window = MeasurementWindow(start: at(10))
        window.close(at: at(5))
        window.close(at: at(50))
        #expect(window.end == at(10))
        #expect(window.length(at: at(100)) == 0)
        #expect(!window.contains(at(11)))
    }
}
