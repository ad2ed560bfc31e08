import SimulationKernel

/// The client's connection to the gateway over the simulated network, standing in for an HTTP
/// client: the request crosses the network, the gateway handles it, the response crosses back,
/// and the caller waits at most `timeout` for it. The network may lose or delay either crossing,
/// and the caller cannot tell which: no answer in time is all it learns.
///
/// Every trip is a `transmit` over the simulation's ``Network``, so its latency and faults come
/// from the seed; the timeout is a sleep on the virtual clock. Whichever comes first answers the
/// caller, and the other finds nobody waiting.
public actor GatewayConnection: SimulatedActor {
    public nonisolated let context: SimulationContext
    let gateway: FakeGateway
    /// Calls waiting for an answer, by call number: looked up, never iterated.
    private var waiting: [UInt64: CheckedContinuation<ChargeResponse?, Never>] = [:]
    private var callsMade: UInt64 = 0

    /// Longer than any crossing this network takes (its latency, a reorder delay and the jitter
    /// are each well under a second), so a `transmit` that returns false was lost, not slow.
    static let messageLifetime = Duration.seconds(1)

    public init(context: SimulationContext, gateway: FakeGateway) {
        self.context = context
        self.gateway = gateway
    }

    /// Sends `request` and returns the gateway's response, or nil if none arrived within `timeout`.
    public func send(_ request: ChargeRequest, timeout: Duration) async -> ChargeResponse? {
        callsMade += 1
        let call = callsMade
        context.simulation.spawn { await self.carry(request, call: call) }
        context.simulation.spawn {
            await self.context.sleep(for: timeout)
            await self.answer(call, with: nil)
        }
        // The spawned tasks run only once this task suspends, so the caller is waiting by then.
        return await withCheckedContinuation { caller in waiting[call] = caller }
    }

    /// Carries one request to the gateway and its response back, as far as the network lets them.
    private func carry(_ request: ChargeRequest, call: UInt64) async {
        guard await context.transmit(to: gateway.context.address, timeout: Self.messageLifetime) else {
            context.trace("request-lost", subject: request.order)
            return
        }
        let response = await gateway.charge(request)
        guard await gateway.context.transmit(to: context.address, timeout: Self.messageLifetime) else {
            context.trace("response-lost", subject: request.order)
            return
        }
        answer(call, with: response)
    }

    /// Answers the caller of `call`, unless it was answered already (by the response or the timeout).
    private func answer(_ call: UInt64, with response: ChargeResponse?) {
        guard let caller = waiting.removeValue(forKey: call) else {
            if let response { context.trace("response-late", subject: response.order) }
            return
        }
        if response == nil { context.trace("timed-out", subject: call) }
        caller.resume(returning: response)
    }
}
