import PaymentWorld
import SimulationKernel
import Testing

/// The scheme's directory server stands between the gateway (3DS server) and the ACS (LC-06 v2).
@Suite struct DirectoryServerTests {
    func station(_ result: PaymentsResult, _ name: String) -> StationReport? {
        result.stations.first { $0.name == name }
    }

    /// Every AReq, ARes and RReq crosses it: one arrival per AReq and per ACS answer.
    @Test func everyAuthenticationMessageCrossesTheDirectoryServer() throws {
        let result = PaymentsWorld(configuration: smallWorld(), options: .init(seed: 5)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        let directory = try #require(station(result, "directory_server"))
        let acs = try #require(station(result, "acs"))
        // The ACS gets the AReqs (through the DS), the cardholders' challenge answers (directly) and
        // the decoupled answers from their banking apps (its own).
        let afterAReq = result.counters.challenged + result.counters.decoupled
        let areqs = acs.totalArrivals - afterAReq
        #expect(areqs > 1_000, "\(areqs) AReqs")
        // The DS gets each AReq, each ARes (C and D included) and each RReq after a challenge. A
        // payment the customer cancels on the ACS page sends no CRes: each such one makes the ACS's
        // count of AReqs one short and the DS's count one over it, so they are at most the cancels.
        // (Seed 5 found the ACS taking such a lifecycle's late CRes for its slot's next payment.)
        let expected = 2 * areqs + afterAReq
        #expect(directory.totalArrivals >= expected && directory.totalArrivals <= expected + result.counters.paymentCancels,
                "directory \(directory.totalArrivals), AReqs \(areqs), challenged or decoupled \(afterAReq), cancels \(result.counters.paymentCancels)")
    }

    /// A directory server that is down fails 3-D Secure for every enrolled card at once: the ACS
    /// hears nothing, each authentication times out to U, and the sales decline, cleanly.
    @Test func aDirectoryServerOutageFailsEveryAuthenticationAtOnce() throws {
        let down = smallWorld {
            $0.outages = [OutageWindow(actor: .directoryServer, start: .zero, duration: .seconds(3_600))]
        }
        let result = PaymentsWorld(configuration: down, options: .init(seed: 5)).run()
        #expect(result.violations.isEmpty, "\(describe(result))")
        #expect(result.completed == 3_000)
        #expect(result.audit.passed)
        #expect(try #require(station(result, "acs")).arrivals == 0)
        let unavailable = result.counters.threeDSResults[3]  // WireTransStatus index of U.
        #expect(unavailable > 1_000, "\(unavailable) authentications ended U")
        #expect(result.counters.threeDSResults.reduce(0, +) == unavailable)
        #expect(result.counters.droppedByOutage >= unavailable)
        // Each U ends its payment as authentication_failed: a sale declined for the reason
        // authentication (LC-01: a timed-out 3-D Secure is one), an authorization (LC-02).
        let sales = Int(result.flows[PaymentFlow.sale.rawValue].outcomes[Int(PaymentOutcome.authenticationFailed.rawValue)])
        let authorizations = Int(result.flows[PaymentFlow.authorization.rawValue]
            .outcomes[Int(PaymentOutcome.authenticationFailed.rawValue)])
        #expect(sales > 0 && authorizations > 0 && sales + authorizations == Int(unavailable), "\(describe(result))")
    }
}
