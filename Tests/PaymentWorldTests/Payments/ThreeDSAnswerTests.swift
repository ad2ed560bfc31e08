@testable import PaymentWorld
import Testing

/// What the gateway offers LC-06 for each answer that reaches it, in each state: every chain it
/// offers is one the table takes, and the 3DS 1.0 and EMV 3DS 2 paths end where domain §2.4 says.
@Suite struct ThreeDSAnswerTests {
    static let answers: [ThreeDSAnswer] = TransStatus.allCases.map { .status($0) } + [.cancelled, .erro]

    /// Runs a chain of events through the table, or nil where it rejects one.
    static func end(_ state: ThreeDSState, _ events: [ThreeDSEvent]) -> ThreeDSState? {
        var state = state
        for event in events {
            guard let next = try? state.applying(event).next else { return nil }
            state = next
        }
        return state
    }

    /// The answers the directory server passes on in each state where LC-06 waits: VERes and
    /// PaRes (v1), ARes, RReq and the cardholder's cancel (v2), and the DS's Erro.
    static let sent: [(ThreeDSState, [ThreeDSAnswer])] = [
        (.start, [.status(.authenticated), .status(.notAuthenticated), .status(.attempted), .status(.unavailable),
                  .status(.challengeRequired), .erro]),
        (.challengeRedirect, [.status(.authenticated), .status(.notAuthenticated), .cancelled]),
        (.aReqSent, TransStatus.allCases.map { .status($0) } + [.erro]),
        (.challenging, [.status(.authenticated), .status(.notAuthenticated), .cancelled]),
        (.decoupled, [.status(.authenticated), .status(.notAuthenticated)]),
    ]

    @Test func everyAnswerTheWorldSendsIsAChainTheTableTakes() {
        for (state, answers) in Self.sent {
            for answer in answers {
                let events = Gateway.threeDSEvents(for: answer, in: state)
                #expect(events.map { Gateway.accepts(state, $0) } == true, "\(state) on \(answer): \(events.map { "\($0)" } ?? "none")")
            }
        }
    }

    /// 3DS 1.0: the VERes decides enrolment; the PaRes (at once, or after the ACS page) the result.
    @Test(arguments: [
        (ThreeDSAnswer.status(.authenticated), ThreeDSState.done(.authenticated, reason: nil)),
        (.status(.notAuthenticated), .done(.notAuthenticated, reason: nil)),
        (.status(.attempted), .done(.attempted, reason: nil)),
        (.status(.unavailable), .done(.unavailable, reason: nil)),
        (.erro, .done(.unavailable, reason: nil)),
        (.status(.challengeRequired), .challengeRedirect),
    ])
    func threeDS1FromStart(answer: ThreeDSAnswer, expected: ThreeDSState) throws {
        let events = try #require(Gateway.threeDSEvents(for: answer, in: .start))
        #expect(Self.end(.start, events) == expected, "\(answer): \(events)")
    }

    @Test func threeDS1ChallengeEndsInThePaResOrTheCardholdersCancel() throws {
        for status in [TransStatus.authenticated, .notAuthenticated] {
            let events = try #require(Gateway.threeDSEvents(for: .status(status), in: .challengeRedirect))
            #expect(events == [.paResPosted, .paResVerified(status)])
            #expect(Self.end(.challengeRedirect, events) == .done(status, reason: nil))
        }
        let cancelled = try #require(Gateway.threeDSEvents(for: .cancelled, in: .challengeRedirect))
        #expect(Self.end(.challengeRedirect, cancelled) == .done(.unavailable, reason: .timedOutAtACS))
        // v1 has no R or I: an answer the table cannot take is a duplicate, never offered.
        #expect(!Gateway.accepts(.challengeRedirect, Gateway.threeDSEvents(for: .status(.rejected), in: .challengeRedirect) ?? []))
    }

    @Test func threeDS2ChallengeEndsInTheRReqAndACancelIsAnN() throws {
        let challenge = try #require(Gateway.threeDSEvents(for: .status(.challengeRequired), in: .aReqSent))
        #expect(Self.end(.aReqSent, challenge) == .challenging)
        let passed = try #require(Gateway.threeDSEvents(for: .status(.authenticated), in: .challenging))
        #expect(Self.end(.challenging, passed) == .done(.authenticated, reason: nil))
        let cancelled = try #require(Gateway.threeDSEvents(for: .cancelled, in: .challenging))
        #expect(Self.end(.challenging, cancelled) == .done(.notAuthenticated, reason: nil))
        // A copy of ARes C during the challenge, or any answer once done, is a duplicate.
        #expect(Gateway.threeDSEvents(for: .status(.challengeRequired), in: .challenging) == nil)
        for answer in Self.answers { #expect(Gateway.threeDSEvents(for: answer, in: .done(.authenticated, reason: nil)) == nil) }
    }
}
