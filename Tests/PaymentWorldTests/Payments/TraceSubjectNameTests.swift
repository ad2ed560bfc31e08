import Testing
@testable import PaymentWorld

/// Trace subjects read as the identities the actors key their records by (docs/trace.md).
struct TraceSubjectNameTests {
    let raw = LifecycleID(slot: 7, generation: 2).rawValue

    private func name(_ message: PaymentMessage, at actor: PaymentActorKind, served: Bool = false) -> String {
        PaymentMessage.subjectName(message.rawValue | (served ? PaymentMessage.servedFlag : 0), raw, at: actor)
    }

    @Test func theGatewaysFrontDoorNamesTheLifecycleAndItsInsideThePayment() {
        for message in [PaymentMessage.paymentRequest, .captureRequest, .voidRequest, .refundRequest] {
            #expect(name(message, at: .gateway) == "lifecycle#7.2")
            #expect(name(message, at: .gateway, served: true) == "lifecycle#7.2")
        }
        #expect(name(.authorizationResponse, at: .gateway) == "payment#7.2")
        #expect(name(.authorizationTimedOut, at: .gateway) == "payment#7.2")
    }

    @Test func theCardCoreBehindTheGatewayNamesPayments() {
        for actor in [PaymentActorKind.directoryServer, .acquirer, .backupAcquirer, .network, .issuer] {
            #expect(name(.authorizationRequest, at: actor) == "payment#7.2", "\(actor)")
        }
        #expect(name(.authenticationRequest, at: .acs) == "payment#7.2")
        #expect(name(.challengeResponse, at: .acs) == "lifecycle#7.2")
    }

    @Test func theDeviceAndTheSeedServersNameLifecycles() {
        #expect(name(.checkoutResponse, at: .device) == "lifecycle#7.2")
        #expect(name(.stepRequest, at: .wallet) == "lifecycle#7.2")
        #expect(name(.checkoutRequest, at: .merchant) == "lifecycle#7.2")
        #expect(PaymentMessage.subjectName(PaymentMessage.lifecycleDue.rawValue, 0, at: .device) == "-")
    }
}
