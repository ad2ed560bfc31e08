/// The candidate closest to `word`, for a "did you mean" hint, or `nil` when none is close.
///
/// Distance is the optimal-string-alignment form of Damerau–Levenshtein (insert, delete,
/// substitute, swap two adjacent characters), over Unicode scalars, ignoring case. A candidate
/// is close when its distance is at most `max(2, word.count / 3)` and smaller than the longer of
/// the two lengths (so `"xy"` does not suggest `"id"`: replacing everything is no typo). Among
/// equally close candidates one with the same letters wins (`"afctor"` is a swap in `"factor"`
/// before it is a deletion from `"actor"`), then the first in `candidates`, so hints are the same
/// on every run.
///
/// ```swift
/// #expect(closestMatch(to: "rat", among: ["rate", "seed"]) == "rate")
/// #expect(closestMatch(to: "banana", among: ["rate", "seed"]) == nil)
/// ```
public func closestMatch(to word: String, among candidates: [String]) -> String? {
    let typed = Array(word.lowercased().unicodeScalars)
    let limit = max(2, typed.count / 3)
    let letters = typed.sorted()
    var best: (candidate: String, distance: Int, otherLetters: Int)?
    for candidate in candidates {  // In the caller's order: full ties go to the first.
        let other = Array(candidate.lowercased().unicodeScalars)
        let distance = editDistance(typed, other)
        guard distance <= limit, distance < max(typed.count, other.count) || distance == 0 else { continue }
        let otherLetters = other.sorted() == letters ? 0 : 1
        if let best, (best.distance, best.otherLetters) <= (distance, otherLetters) { continue }
        best = (candidate, distance, otherLetters)
    }
    return best?.candidate
}

/// Optimal string alignment distance: Levenshtein plus transposition of adjacent elements.
/// - Complexity: O(a.count × b.count) time, O(b.count) memory (three rows).
func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                value = min(value, previousPrevious[j - 2] + 1)
            }
            current[j] = value
        }
        swap(&previousPrevious, &previous)
        swap(&previous, &current)
    }
    return previous[b.count]
}
