import CLibraryLoader
import Foundation
import Synchronization
import TestSupport
import Testing

/// The one loader of the `dlopen`ed libraries (libcurl, libxml2, libzip, readline): which name it
/// takes, what it says when a library is missing, broken or lacks a symbol, and that a library is
/// loaded once however many threads ask. The C library stands in for a library that is installed.
@Suite("The library loader")
struct LibraryLoaderTests {
    #if canImport(Darwin)
        static let installed = "libSystem.B.dylib"
    #else
        static let installed = "libc.so.6"
    #endif
    static let absent = "libmovies-absent.so.1"

    /// What `movies_library_open` answers for `names` and `symbols` (name, optional): the index of the
    /// name that opened, each symbol's address, and the failure.
    struct Opening {
        var opened: Int?
        var addresses: [UnsafeMutableRawPointer?]
        var missing: Bool
        var message: String
    }

    func open(_ names: [String], _ symbols: [(String, Bool)]) -> Opening {
        let strings = (names + symbols.map(\.0)).map { strdup($0) }
        defer {
            for string in strings { free(string) }
        }
        var slots = [UnsafeMutableRawPointer?](repeating: nil, count: symbols.count)
        var failure = movies_library_failure()
        var opened = 0
        let handle = slots.withUnsafeMutableBufferPointer { slots in
            var table = symbols.indices.map { index in
                movies_library_symbol(
                    name: strings[names.count + index].map { UnsafePointer($0) },
                    address: slots.baseAddress.map { $0 + index }, optional: symbols[index].1 ? 1 : 0)
            }
            let nameList = strings.prefix(names.count).map { $0.map { UnsafePointer($0) } }
            return movies_library_open(nameList, nameList.count, &table, table.count, &opened, &failure)
        }
        let message = withUnsafeBytes(of: failure.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return Opening(
            opened: handle == nil ? nil : opened, addresses: slots, missing: failure.missing != 0,
            message: message)
    }

    @Test("the first name that opens is taken, and every symbol resolved")
    func firstThatOpens() {
        let result = open([Self.absent, Self.installed], [("strlen", false), ("getpid", false)])
        #expect(result.opened == 1)
        #expect(result.addresses.allSatisfy { $0 != nil })
        #expect(result.message == "")
    }

    @Test("no file under any name: missing, with the dynamic loader's message for the first name")
    func notInstalled() {
        let result = open([Self.absent, "libmovies-absent-too.so"], [("strlen", false)])
        #expect(result.opened == nil)
        #expect(result.missing)
        #expect(
            result.message.hasPrefix(Self.absent + ": cannot open shared object file"), "\(result.message)")
    }

    @Test("a file that is no library is broken, not missing, even when another name is absent")
    func broken() throws {
        let folder = TemporaryDirectory()
        let empty = try folder.write("", to: "libempty.so")
        let result = open([empty, Self.absent], [("strlen", false)])
        #expect(result.opened == nil)
        #expect(!result.missing)
        #expect(result.message.hasPrefix(empty + ": "), "\(result.message)")
    }

    @Test("a library without a needed symbol is refused, naming the library that opened and the symbol")
    func lacksASymbol() {
        let result = open(
            [Self.absent, Self.installed], [("strlen", false), ("movies_no_such_function", false)])
        #expect(result.opened == nil)
        #expect(!result.missing)
        #expect(
            result.message.hasPrefix("\(Self.installed) lacks movies_no_such_function ("), "\(result.message)"
        )
    }

    @Test("an optional symbol may be absent: its address is NULL")
    func optionalSymbol() {
        let result = open([Self.installed], [("movies_no_such_variable", true), ("strlen", false)])
        #expect(result.opened == 0)
        #expect(result.addresses[0] == nil && result.addresses[1] != nil)
    }

    /// How many times each test's prepare function ran.
    static let prepared = Atomic<Int>(0)
    static let refused = Atomic<Int>(0)

    /// A `movies_library` as `MOVIES_LIBRARY` declares one in C, for the C library's `strlen`; freed
    /// with the test (the library it loaded stays loaded).
    final class DeclaredLibrary {
        let pointer = UnsafeMutablePointer<movies_library>.allocate(capacity: 1)
        private let name = strdup(LibraryLoaderTests.installed)
        private let symbolName = strdup("strlen")
        private let names = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: 1)
        private let slot = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
        private let symbols = UnsafeMutablePointer<movies_library_symbol>.allocate(capacity: 1)

        init(prepare: (@convention(c) (UnsafeMutablePointer<CChar>?, Int) -> Int32)?) {
            names.initialize(to: UnsafePointer(name))
            slot.initialize(to: nil)
            symbols.initialize(
                to: movies_library_symbol(name: UnsafePointer(symbolName), address: slot, optional: 0))
            pointer.initialize(to: movies_library())
            pthread_mutex_init(&pointer.pointee.lock, nil)
            pointer.pointee.names = UnsafePointer(names)
            pointer.pointee.name_count = 1
            pointer.pointee.symbols = UnsafePointer(symbols)
            pointer.pointee.symbol_count = 1
            pointer.pointee.prepare = prepare
        }

        deinit {
            pthread_mutex_destroy(&pointer.pointee.lock)
            pointer.deallocate()
            symbols.deallocate()
            slot.deallocate()
            names.deallocate()
            free(symbolName)
            free(name)
        }
    }

    @Test("many threads asking at once load the library once, and all get its answer")
    func loadedOnce() {
        let declared = DeclaredLibrary(prepare: { _, _ in
            LibraryLoaderTests.prepared.add(1, ordering: .relaxed)
            return 1
        })
        let library = declared.pointer
        // One slot an iteration, so the answers need no lock: `Synchronization.Mutex` locks with futex
        // calls ThreadSanitizer cannot see, and it reported the locked appends as a race (once, in CI).
        let answers = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 16)
        defer { answers.deallocate() }
        answers.initialize(repeating: 0)
        let pointer = UnsafeSendable(library)
        let slots = UnsafeSendable(answers)
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            slots.value[index] = movies_library_load(pointer.value)
        }
        #expect(Self.prepared.load(ordering: .relaxed) == 1)
        #expect(Array(answers) == Array(repeating: 1, count: 16))
        #expect(movies_library_missing(library) == 0)
        #expect(String(cString: movies_library_error(library)) == "")
        #expect(String(cString: movies_library_first_name(library)) == Self.installed)
        withExtendedLifetime(declared) {}
    }

    @Test("a library its own check refuses stays refused, with the check's message, and is not asked again")
    func refusedByItsCheck() {
        let declared = DeclaredLibrary(prepare: { message, size in
            LibraryLoaderTests.refused.add(1, ordering: .relaxed)
            if let message, size > 7 { strcpy(message, "too old") }
            return 0
        })
        let library = declared.pointer
        #expect(movies_library_load(library) == 0)
        #expect(movies_library_load(library) == 0)
        #expect(Self.refused.load(ordering: .relaxed) == 1)
        #expect(movies_library_missing(library) == 0)
        #expect(String(cString: movies_library_error(library)) == "too old")
        withExtendedLifetime(declared) {}
    }
}

/// A pointer handed to other threads; the C library behind it locks for itself.
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
