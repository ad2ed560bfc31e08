#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What a trial that stops the whole process leaves behind: the line that replays it.
///
/// Some failures are not errors a trial can catch. The runtime traps on a continuation resumed
/// twice (`SWIFT TASK CONTINUATION MISUSE`), a force-unwrap of nil or an index out of range traps,
/// and a use of freed memory faults. The process dies there, and without a note nobody knows which
/// seed of which strategy did it. While a trial runs, its note sits in a buffer made beforehand;
/// on SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS or SIGFPE a handler writes the note of the thread
/// that stopped (or, on a thread outside every trial, the notes of every trial running) to
/// standard error with `write(2)`, which is safe in a signal handler, then hands the signal to
/// whatever handled it before (the runtime's backtracer, or the default), so the process still
/// stops as it would have. The schedule is the seed's, so the replayed trial stops the same way.
///
/// ``ScheduleExploration`` notes every trial it runs; `SimulationTesting` notes each with its
/// test's `PAYSTORM_REPLAY=… swift test --filter …` line. Reading the thread's identity here is
/// for the report only: it never reaches a run.
public enum TrialCrashNote {
    /// Runs `work` with `note` as what this thread is doing, for a crash to report; an enclosing
    /// note of the same thread is restored afterwards.
    public static func during<Result>(_ note: String, _ work: () throws -> Result) rethrows -> Result {
        let slots = NoteSlots.shared
        let slot = slots.claim()
        let enclosing = slots.read(slot)
        slots.write(note, to: slot)
        defer {
            if let enclosing { slots.write(enclosing, to: slot) } else { slots.release(slot) }
        }
        return try work()
    }

    /// The note this thread would leave now (nil outside every `during`): for tests.
    public static var current: String? {
        let slots = NoteSlots.shared
        return slots.find().flatMap { slots.read($0) }
    }
}

/// Fixed buffers, one per thread inside a trial, made before any trial so the handler allocates
/// nothing and reads only memory that stays.
private final class NoteSlots: @unchecked Sendable {
    static let shared = NoteSlots()
    static let count = 64
    static let capacity = 1_024
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    /// Each slot's thread (0: free), its note's length and bytes. Claimed and released under
    /// `claiming`; written only by the slot's own thread; read by the handler.
    let owners = UnsafeMutablePointer<UInt>.allocate(capacity: NoteSlots.count)
    let lengths = UnsafeMutablePointer<Int>.allocate(capacity: NoteSlots.count)
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: NoteSlots.count * NoteSlots.capacity)
    /// The actions the handler hands each signal back to, by signal number.
    let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)
    let claiming = Mutex(())

    private init() {
        owners.initialize(repeating: 0, count: Self.count)
        lengths.initialize(repeating: 0, count: Self.count)
        bytes.initialize(repeating: 0, count: Self.count * Self.capacity)
        previous.initialize(repeating: sigaction(), count: 64)
        for signal in Self.signals { install(signal) }
    }

    private func install(_ signal: Int32) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = noteCrash
        #elseif canImport(Musl)
        action.__sa_handler.sa_handler = noteCrash
        #else
        action.__sigaction_u.__sa_handler = noteCrash
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, previous + Int(signal))
    }

    static var thisThread: UInt { threadWord() }

    func find() -> Int? {
        let me = Self.thisThread
        return (0..<Self.count).first { owners[$0] == me }
    }

    /// This thread's slot, claimed if it has none; when all are taken, the last one is shared
    /// (its note may then name another trial, which the handler's header says).
    func claim() -> Int {
        if let mine = find() { return mine }
        return claiming.withLock { _ in
            let free = (0..<Self.count).first { owners[$0] == 0 } ?? Self.count - 1
            lengths[free] = 0
            owners[free] = Self.thisThread
            return free
        }
    }

    func release(_ slot: Int) {
        claiming.withLock { _ in
            lengths[slot] = 0
            owners[slot] = 0
        }
    }

    /// The slot's note, without the line end `write` added.
    func read(_ slot: Int) -> String? {
        let length = lengths[slot]
        guard length > 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes + slot * Self.capacity, count: length - 1), as: UTF8.self)
    }

    /// The length goes to zero first and back last, so a crash while writing reads no half note.
    func write(_ note: String, to slot: Int) {
        lengths[slot] = 0
        var utf8 = Array(note.utf8.prefix(Self.capacity - 1))
        utf8.append(UInt8(ascii: "\n"))
        (bytes + slot * Self.capacity).update(from: utf8, count: utf8.count)
        lengths[slot] = utf8.count
    }
}

/// This thread's identity, as a number (never 0 for a running thread).
private func threadWord() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return UInt(pthread_self())
    #endif
}

/// The handler: only `write`, `sigaction` and `raise`, all safe in a signal handler.
private func noteCrash(_ signal: Int32) {
    let slots = NoteSlots.shared
    let me = NoteSlots.thisThread
    var mine = -1
    for slot in 0..<NoteSlots.count where slots.owners[slot] == me { mine = slot }
    if mine >= 0 {
        emit(slots, mine)
    } else {
        writeText("PayStorm: the process stopped outside every trial; the trials running then:\n")
        for slot in 0..<NoteSlots.count where slots.owners[slot] != 0 { emit(slots, slot) }
    }
    // The signal goes back to its earlier handler: a fault or trap happens again when this returns,
    // and an abort is raised again, once this handler is done.
    sigaction(signal, slots.previous + Int(signal), nil)
    if signal == SIGABRT { raise(signal) }
}

private func emit(_ slots: NoteSlots, _ slot: Int) {
    let length = slots.lengths[slot]
    guard length > 0 else { return }
    _ = write(2, slots.bytes + slot * NoteSlots.capacity, length)
}

private func writeText(_ text: StaticString) {
    _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
}
