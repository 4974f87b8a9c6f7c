// Bare Hummingbird 2 baseline: one route, the same ~550-byte task JSON as RawNIO.
//
//   BareHummingbird [PORT]     (default 8080; 0 picks a free port)
//
// Route: GET /projects/{project_id}/tasks/{id} (the simulator's single-task
// path shape; the parameters are matched, not used). One NIO event-loop
// thread; handlers run on Swift concurrency's global executor as usual in
// Hummingbird. Prints `barehummingbird: serving at http://127.0.0.1:PORT`
// once it listens.
import Hummingbird
import Logging
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// The demo contract's task t1 (Fixtures/demo/payloads/task-t1.json), compact.
let body = #"{"id":"0CB1E29C-658C-4A14-95E6-0AF593BD04CF","project_id":"36F675CC-81E7-4EF5-A8E2-5D940ED90475","title":"Add session timeout","description":"Keep it safe","state":"inProgress","assignee_id":"6513270E-269E-4D37-B2A7-4DE452E6B438","author_id":"9531985D-5D9D-49F8-9818-E811892F902B","watcher_ids":["9531985D-5D9D-49F8-9818-E811892F902B","D23F0824-128B-4F33-8C5C-7FD0A6A3A450"],"tag_ids":["8D116ECE-1738-47D9-BD9C-172411E20B8F"],"position":0,"created_at":"2025-01-01T05:00:00.000Z","updated_at":"2025-01-01T05:00:00.000Z","version":9,"deleted_at":null}"#

let port = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 8080 : 8080
let buffer = ByteBuffer(string: body)

let router = Router()
router.get("/projects/:project_id/tasks/:id") { _, _ -> Response in
    Response(
        status: .ok,
        headers: [.contentType: "application/json"],
        body: ResponseBody(byteBuffer: buffer)
    )
}

var logger = Logger(label: "BareHummingbird")
logger.logLevel = .warning

let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "BareHummingbird"),
    onServerRunning: { channel in
        print("barehummingbird: serving at http://127.0.0.1:\(channel.localAddress?.port ?? port)")
        fflush(nil)
    },
    eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup(numberOfThreads: 1)),
    logger: logger
)
try await app.runService()
