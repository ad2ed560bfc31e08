/// A scheduler choice: a step where the strategy departed, or could have departed, from fifo's
/// order. Choices are numbered from 0 in the order the run makes them; a run that keeps only
/// some of them (``Simulation/Options/keptChoices``) takes fifo's way at the others, so a
/// failing schedule can be shrunk to the few choices its failure needs.
public struct SchedulerChoice: Sendable, Hashable, CustomStringConvertible {
    /// What the strategy chose.
    public enum Kind: Sendable, Hashable {
        /// Which of `among` ready jobs ran next: fifo runs the oldest (offset 0).
        case jobPick(offset: Int, among: Int)
        /// An event's place among the events due at its instant: fifo's is the order they were
        /// scheduled in.
        case tieBreak
        /// An extra delay on a network delivery (delivery jitter): fifo's is none.
        case delay(SimDuration)
    }

    /// The choice's number in its run.
    public var index: UInt64
    /// When the choice was made.
    public var time: SimTime
    /// What was chosen.
    public var kind: Kind
    /// Whom it concerned: the event's receiver, or the lane of the picked job.
    public var receiver: ReceiverID

    /// `#12 at 0.120000000s: tie-break for receiver#3`.
    public var description: String {
        let what: String = switch kind {
        case .jobPick(let offset, let among): "job \(offset + 1) of \(among) ready picked"
        case .tieBreak: "tie-break"
        case .delay(let delay): "delivery delayed \(delay)"
        }
        return "#\(index) at \(time): \(what) for \(receiver)"
    }
}

/// Counts the run's scheduler choices, says which of them stand, and logs the kept ones when
/// asked. Indices only grow, so the kept list is walked once: O(1) per choice.
@usableFromInline
struct ChoiceCursor {
    /// Choices made so far.
    @usableFromInline var made: UInt64 = 0
    /// Sorted indices of the choices that stand; nil: every one.
    @usableFromInline let kept: [UInt64]?
    @usableFromInline var nextKept = 0
    /// Every choice stands and none is logged: the event loop's one check.
    @usableFromInline let plain: Bool
    @usableFromInline var log: [SchedulerChoice]?

    init(kept: [UInt64]?, logging: Bool) {
        self.kept = kept.map { Array(Set($0)).sorted() }
        plain = kept == nil && !logging
        log = logging ? [] : nil
    }

    /// Takes the next choice number: whether its choice stands.
    @inlinable mutating func take() -> Bool {
        let index = made
        made &+= 1
        if plain { return true }
        guard let kept else { return true }
        while nextKept < kept.count && kept[nextKept] < index { nextKept += 1 }
        return nextKept < kept.count && kept[nextKept] == index
    }
}

extension Simulation {
    /// Scheduler choices made so far (``SchedulerChoice``): picks among ready jobs under random
    /// and pct, every event's tie-break key under random and pct, and every delivery delay when
    /// jitter is on. A fifo run without jitter makes none.
    public var choicesMade: UInt64 { choices.made }

    /// The kept choices this run made, in order, when ``Options/logsChoices`` is on; empty
    /// otherwise.
    public var choiceLog: [SchedulerChoice] { choices.log ?? [] }

    /// Takes the next choice and logs it if it stands and the run logs choices.
    @inlinable func keepsChoice(_ kind: @autoclosure () -> SchedulerChoice.Kind, for receiver: ReceiverID) -> Bool {
        guard choices.take() else { return false }
        if !choices.plain, choices.log != nil { logChoice(kind(), for: receiver) }
        return true
    }

    @usableFromInline func logChoice(_ kind: SchedulerChoice.Kind, for receiver: ReceiverID) {
        choices.log?.append(SchedulerChoice(index: choices.made &- 1, time: currentTime, kind: kind, receiver: receiver))
    }
}
