/// Runs `operation` for each index in `0..<count` with at most `width` running at once, and returns the
/// results in index order.
///
/// Feed refreshes fetch hundreds of addresses; starting them all at once would open as many sockets and
/// parse as many documents at the same time. A new operation starts as each one finishes, so the pool
/// stays full without a fixed batch waiting on its slowest member. `progress` is called with
/// (finished, total) after each operation ends. An index whose operation never ran (the calling task was
/// cancelled and the group stopped early) is nil.
package func concurrentlyMap<Result: Sendable>(
    count: Int, width: Int, progress: (@Sendable (Int, Int) -> Void)? = nil,
    _ operation: @escaping @Sendable (Int) async -> Result
) async -> [Result?] {
    var results = [Result?](repeating: nil, count: count)
    await withTaskGroup(of: (Int, Result).self) { group in
        var next = 0
        var finished = 0
        while next < min(max(1, width), count) {
            let index = next
            group.addTask { (index, await operation(index)) }
            next += 1
        }
        for await (index, result) in group {
            results[index] = result
            finished += 1
            progress?(finished, count)
            if next < count {
                let index = next
                group.addTask { (index, await operation(index)) }
                next += 1
            }
        }
    }
    return results
}
