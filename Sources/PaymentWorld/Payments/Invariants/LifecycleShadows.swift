/// A monitor's shadow state per payment (or lifecycle), in a dense array by slot.
///
/// A record whose generation is not the identity's belongs to the slot's earlier tenant and reads
/// as fresh. A late message about a payment whose slot already holds a newer one (a duplicate
/// answered after retirement) gets a shadow of its own on the side, so it never touches the newer
/// payment's; those are rare and bounded, so memory stays as small as the payments in flight.
struct LifecycleShadows<ID: SlotIdentity, Shadow> {
    private var generations: [UInt32] = []
    private var shadows: [Shadow] = []
    private var late: [ID: Shadow] = [:]
    private let fresh: Shadow
    /// Late shadows kept at most; past this, the oldest are forgotten together.
    private static var lateLimit: Int { 4_096 }

    init(fresh: Shadow) { self.fresh = fresh }

    /// The shadow of `id`, fresh when nothing is known of it.
    subscript(id: ID) -> Shadow {
        let slot = id.slot
        if slot < shadows.count, generations[slot] == id.generation { return shadows[slot] }
        return late[id] ?? fresh
    }

    /// Changes the shadow of `id`, starting from a fresh one if the slot held an earlier tenant.
    mutating func update<Result>(_ id: ID, _ change: (inout Shadow) -> Result) -> Result {
        let slot = id.slot
        while shadows.count <= slot {
            shadows.append(fresh)
            generations.append(0)
        }
        if generations[slot] > id.generation {
            if late[id] == nil && late.count >= Self.lateLimit { late.removeAll(keepingCapacity: true) }
            var shadow = late[id] ?? fresh
            defer { late[id] = shadow }
            return change(&shadow)
        }
        if generations[slot] != id.generation {
            generations[slot] = id.generation
            shadows[slot] = fresh
        }
        return change(&shadows[slot])
    }

    /// Forgets `id`: nothing more can happen to it.
    mutating func forget(_ id: ID) {
        let slot = id.slot
        if slot < shadows.count, generations[slot] == id.generation {
            shadows[slot] = fresh
        } else {
            late[id] = nil
        }
    }
}
