import Dispatch

/// Observing the database: values that follow its commits, and bare commit signals.
///
/// What to watch is never listed by hand: each fetch runs under `Connection.recordingTablesRead`, and the
/// tables its statements read (as SQLite's authorizer reports them) are the ones whose commits wake it.
/// During a fetch the observer is woken by every commit, so a commit that lands between the fetch's
/// snapshot and the moment its tables are known still causes a re-read.
extension Database {
    /// Observes a value computed from the database: the current value first, then a fresh value after
    /// every commit that wrote to a table `fetch` read, from this process; and after every commit from
    /// another connection or process (then without knowing which tables, so every observer re-reads).
    ///
    /// Commits in quick succession may be merged into one value, and a value equal to the previous one
    /// is not repeated; the last value is never older than the last commit. Fetches run on a dispatch
    /// queue of the observation's own, off the cooperative pool (see `ValueObserver`). The observation
    /// stops when the consuming task is cancelled or stops iterating; a fetch error ends the sequence
    /// with it.
    public func observe<Value: Sendable & Equatable>(
        _ fetch: @escaping @Sendable (Connection) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        let (values, continuation) = AsyncThrowingStream<Value, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        let observer = ValueObserver(database: self, fetch: fetch, continuation: continuation)
        continuation.onTermination = { _ in observer.stop() }
        observer.start()
        return values
    }

    /// A signal as soon as the observation is in place, then after every commit that wrote to a table
    /// `fetch` reads, from this process, and after every commit from another connection or process.
    /// Signals in quick succession may merge into one.
    ///
    /// For observers that decide themselves what to re-read (a paged list re-reads the pages it shows).
    /// The first signal closes the gap between the observer's own first read and the moment the
    /// observation starts: a consumer that re-reads at each signal misses no commit. `fetch` runs once,
    /// on a dispatch queue, to learn its tables (a query with `LIMIT 0` is enough: the tables come from
    /// the compiled statement); if it fails, every commit signals.
    public func commits(touchingTablesReadBy fetch: @escaping @Sendable (Connection) throws -> Void)
        -> AsyncStream<Void>
    {
        let (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = changes.subscribe { continuation.yield() }
        continuation.onTermination = { [changes] _ in changes.unsubscribe(id) }
        DispatchQueue(label: "movies.storage.commit-signals").async { [self] in
            changes.waitForFirstPoll()
            let tables = try? read { connection in
                try connection.recordingTablesRead { try fetch(connection) }.tables
            }
            changes.watch(tables, for: id)
            continuation.yield()
        }
        return signals
    }

    /// How many observations are live: zero once every observer has stopped. For tests and diagnostics.
    public var observerCount: Int { changes.subscriberCount }
}
