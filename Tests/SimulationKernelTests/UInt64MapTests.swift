import SimulationKernel
import Testing

/// The map against `Dictionary` as the model, through insertions, overwrites and removals that
/// keep it busy enough to grow and to shift entries back on removal.
@Suite struct UInt64MapTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func agreesWithDictionary(seed: UInt64) {
        var random = SimRandom(seed: seed)
        var map = UInt64Map(minimumCapacity: 1)
        var model: [UInt64: UInt64] = [:]
        // Keys from a small range collide often; a few far ones cover the whole word.
        func key() -> UInt64 {
            random.int(in: 0...9) == 0 ? random.next() : random.int(in: 0...2_000) << 7
        }
        for step in 0..<40_000 {
            let chosen = key()
            switch random.int(in: 0...2) {
            case 0, 1:
                map[chosen] = UInt64(step)
                model[chosen] = UInt64(step)
            default:
                map[chosen] = nil
                model[chosen] = nil
            }
            let probe = key()
            #expect(map[probe] == model[probe])
            #expect(map.count == model.count)
        }
        for (key, value) in model { #expect(map[key] == value) }
    }

    @Test func emptyMapAndZeroKey() {
        var map = UInt64Map()
        #expect(map.isEmpty && map[0] == nil)
        map[0] = 7
        map[UInt64.max] = 8
        #expect(map[0] == 7 && map[UInt64.max] == 8 && map.count == 2)
        map[0] = nil
        #expect(map[0] == nil && map[UInt64.max] == 8 && map.count == 1)
    }
}
