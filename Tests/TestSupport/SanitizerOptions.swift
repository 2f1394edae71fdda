import Foundation

/// The sanitizer settings of the test process, handed on to the programs the tests start.
///
/// Tests give child processes a small environment of their own (a private HOME, PATH, MOVIES_DB), which
/// would drop `LSAN_OPTIONS` and its kin. Under `swift test --sanitize=address` the `movies` binary is
/// instrumented too, so it needs the same suppressions as the test process (see `Tests/lsan.supp` and the
/// CONTRIBUTING.md's sanitizer commands); without them a toolchain leak in a child fails the test that ran it.
public enum SanitizerOptions {
    /// The variables the sanitizer runtimes read.
    static let names = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"]

    /// `environment` plus this process's sanitizer variables (where `environment` sets none itself).
    public static func passedOn(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        let own = ProcessInfo.processInfo.environment
        for name in names where environment[name] == nil {
            environment[name] = own[name]
        }
        return environment
    }
}
