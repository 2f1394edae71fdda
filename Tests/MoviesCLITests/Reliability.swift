import Testing

/// The reliability and security scenarios (docs/RELIABILITY.md): `swift test --filter Reliability`.
///
/// One serialized parent, so at most one scenario runs at a time: each starts many processes, and two at
/// once on a two-core machine would leave the rest of the suite little of the cores.
@Suite("Reliability", .offPool, .serialized)
enum Reliability {}
