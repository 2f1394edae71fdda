import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Files that are not regular files, made in a test's own folder: a FIFO, a Unix socket, device nodes.
///
/// Device nodes need root; they copy the numbers of Linux's `/dev/null` (1, 3) and of a device no
/// machine has (250, 250), so a test can be refused by a device before it ever names one in `/dev`.
public enum SpecialFiles {
    /// Makes a FIFO (named pipe) at `path`; false when it could not.
    public static func makeFIFO(_ path: String) -> Bool {
        mkfifo(path, 0o600) == 0
    }

    /// Binds a Unix socket at `path` and returns its descriptor (close it when done), or nil.
    public static func makeSocket(_ path: String) -> Int32? {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let fits = withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            guard path.utf8.count < bytes.count else { return false }
            for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
            return true
        }
        let bound =
            fits
            && withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
                }
            }
        guard bound else {
            close(socket)
            return nil
        }
        return socket
    }

    /// Whether this process may make device nodes (it is root).
    public static var canMakeDevices: Bool { geteuid() == 0 }

    /// Makes a character device at `path` with the numbers of `/dev/null`; false when it could not.
    public static func makeNullDevice(_ path: String) -> Bool {
        // Linux's makedev for small numbers: the major in bits 8 and up, the minor in the low byte.
        mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0
    }

    /// Makes a block device at `path` for a device that does not exist (250, 250): never a real disk.
    public static func makeMissingDisk(_ path: String) -> Bool {
        mknod(path, S_IFBLK | 0o600, dev_t(250 << 8 | 250)) == 0
    }

    /// The names in `folder` (not recursive), sorted; empty when it cannot be read.
    public static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
