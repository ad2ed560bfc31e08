/// A monitor's shadow state per payment (or lifecycle), in a dense buffer by slot.
///
/// A record whose generation is not the identity's belongs to the slot's earlier tenant and reads
/// as fresh. A late message about a payment whose slot already holds a newer one (a duplicate
/// answered after retirement) gets a shadow of its own on the side, so it never touches the newer
/// payment's; those are rare and bounded, so memory stays as small as the payments in flight.
struct LifecycleShadows<ID: SlotIdentity, Shadow: BitwiseCopyable> {
    /// A slot's tenant and what is known of it, side by side: one cache line to look up and change.
    /// The shadow comes first so the generation can sit in its tail padding: a shadow of 17 bytes
    /// takes an entry of 24, not 32 (Swift lays a struct's fields out in the order written). A
    /// shadow of four bytes takes 8 where one of eight takes 16: the attempt numbers the cascade
    /// claims keep are `Int32` for that.
    private struct Entry: BitwiseCopyable {
        var shadow: Shadow
        var generation: UInt32
    }

    private let entries: DenseBuffer<Entry>
    private var late: [ID: Shadow] = [:]
    private let fresh: Shadow
    /// Late shadows kept at most; past this, the oldest are forgotten together.
    private static var lateLimit: Int { 4_096 }

    init(fresh: Shadow) {
        self.fresh = fresh
        entries = DenseBuffer(filler: Entry(shadow: fresh, generation: 0))
    }

    /// The shadow of `id`, fresh when nothing is known of it.
    subscript(id: ID) -> Shadow {
        let slot = id.slot
        if slot < entries.count {
            let entry = entries[slot]
            if entry.generation == id.generation { return entry.shadow }
        }
        // Most misses are payments this claim never heard of: no hashing while nothing is late.
        return late.isEmpty ? fresh : late[id] ?? fresh
    }

    /// Changes the shadow of `id`, starting from a fresh one if the slot held an earlier tenant.
    mutating func update<Result>(_ id: ID, _ change: (inout Shadow) -> Result) -> Result {
        let slot = id.slot
        entries.reserve(slot + 1)
        let generation = id.generation
        let fresh = self.fresh
        if entries[slot].generation <= generation {
            return entries.modify(slot) { entry in
                if entry.generation != generation { entry = Entry(shadow: fresh, generation: generation) }
                return change(&entry.shadow)
            }
        }
        if late[id] == nil && late.count >= Self.lateLimit { late.removeAll(keepingCapacity: true) }
        var shadow = late[id] ?? fresh
        defer { late[id] = shadow }
        return change(&shadow)
    }

    /// Changes the shadow of `id` as `update` does; returns it as it was before the change.
    mutating func change(_ id: ID, _ body: (inout Shadow) -> Void) -> Shadow {
        update(id) { shadow in
            defer { body(&shadow) }
            return shadow
        }
    }

    /// Forgets `id`: nothing more can happen to it.
    mutating func forget(_ id: ID) {
        let slot = id.slot
        if slot < entries.count, entries[slot].generation == id.generation {
            entries.modify(slot) { $0.shadow = fresh }
        } else if !late.isEmpty {
            late[id] = nil
        }
    }

    /// The identities whose shadows `matter`, slots in order, then late ones by raw value: for a
    /// report at the end of a run, never per event (it walks every slot).
    func identities(where matter: (Shadow) -> Bool) -> [ID] {
        var found: [ID] = []
        for slot in 0..<entries.count {
            let entry = entries[slot]
            if matter(entry.shadow) { found.append(ID(slot: slot, generation: entry.generation)) }
        }
        let late = self.late.filter { matter($0.value) }.map(\.key).sorted { $0.rawValue < $1.rawValue }
        return found + late
    }
}
