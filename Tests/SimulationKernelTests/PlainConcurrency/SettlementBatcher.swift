// A settlement batcher written in plain Swift concurrency, with no PayStorm type in it: the
// code a team already has. `flush` has the classic reentrancy race.

/// Signs a batch of captures; the `await` on it is where the batcher's actor is given up.
actor BatchSigner {
    private(set) var signed: [[Int]] = []

    func sign(_ batch: [Int]) async -> Int {
        signed.append(batch)
        return batch.count
    }
}

/// Queues captures and sends them in batches.
actor SettlementBatcher {
    private var pending: [Int] = []
    private(set) var sent: [Int] = []
    let signer: BatchSigner
    /// The fixed flush takes what it sends out of `pending` before the `await`.
    let fixed: Bool

    init(signer: BatchSigner, fixed: Bool) {
        self.signer = signer
        self.fixed = fixed
    }

    func capture(_ amount: Int) { pending.append(amount) }

    func flush() async {
        if fixed {
            let batch = pending
            pending.removeAll()
            _ = await signer.sign(batch)
            sent += batch
        } else {
            let batch = pending
            _ = await signer.sign(batch)
            pending.removeAll()  // BUG: a capture queued during the signing is cleared unsent.
            sent += batch
        }
    }

    func flushAndCount() async -> Int {
        await flush()
        return sent.count + pending.count
    }
}

/// The check a test makes: every capture is sent or still pending, none lost.
struct LostCapture: Error, CustomStringConvertible {
    var captured: Int
    var accounted: Int
    var description: String { "\(captured - accounted) of \(captured) capture(s) lost: neither sent nor pending" }
}

/// A capture and a flush racing, in plain Swift: a task, a task group, `async let`. In the order
/// they are written the capture lands before the flush and nothing is lost; only a schedule
/// that runs the capture while the flush awaits its signature loses it.
@Sendable func settleTwoCaptures(fixed: Bool) async throws {
    let batcher = SettlementBatcher(signer: BatchSigner(), fixed: fixed)
    await batcher.capture(1)
    let late = Task { await batcher.capture(2) }
    await withTaskGroup(of: Void.self) { group in
        group.addTask { await batcher.capture(3) }
        group.addTask { await batcher.flush() }
    }
    await late.value
    async let accounted = batcher.flushAndCount()
    if await accounted != 3 { throw LostCapture(captured: 3, accounted: await accounted) }
}
