import Foundation
import NIOCore
import NIOPosix

/// How many cores this process may run on: on Linux the CPUs of its affinity mask (what
/// `taskset` or a container's cpuset leaves it, read from `Cpus_allowed` in `/proc/self/status`),
/// at most NIO's core count; elsewhere NIO's count.
///
/// NIO's `System.coreCount` reads the online CPUs and the cgroup's quota, not the affinity mask,
/// so a server pinned to one core would run two event loops fighting over it.
enum UsableCores {
    static var count: Int {
        #if os(Linux)
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") })
            else { return System.coreCount }
            let mask = line.dropFirst("Cpus_allowed:".count).filter(\.isHexDigit)
            let allowed = mask.reduce(0) { $0 + (Int(String($1), radix: 16) ?? 0).nonzeroBitCount }
            return allowed > 0 ? min(allowed, System.coreCount) : System.coreCount
        #else
            return System.coreCount
        #endif
    }
}
