import SimulationKernel

/// A device's call to a seed-system server (`stepRequest`, `StepWire`): which step, the call's
/// number (so a server tells a new call from a late copy), and the step's payload.
struct StepRequest {
    let lifecycle: LifecycleID
    /// Nil for a step number no server knows.
    let step: SeedStep?
    let call: Int
    let payload: UInt64

    @inline(__always) init(decoding event: SimulationEvent) {
        lifecycle = LifecycleID(rawValue: event.subject)
        step = StepWire.step(of: event.argument)
        call = StepWire.attempt(of: event.argument)
        payload = StepWire.payload(of: event.argument)
    }
}

extension StepRequest {
    /// A call of `step` as the device makes it.
    @inline(__always) init(_ lifecycle: LifecycleID, _ step: SeedStep, call: Int, payload: UInt64 = 0) {
        self.lifecycle = lifecycle
        self.step = step
        self.call = call & StepWire.callMask
        self.payload = payload
    }

    /// The argument word that carries it; a step no server knows goes as 0.
    var argument: UInt64 {
        @inline(__always) get {
            StepWire.step.write(UInt64(step?.rawValue ?? 0)) | StepWire.call.write(UInt64(call)) | StepWire.requestPayload.write(payload)
        }
    }
}
