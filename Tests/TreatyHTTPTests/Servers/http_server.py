"""HTTP/1.1 test server for TreatyHTTPTests; prints "PORT <n>" once it listens on 127.0.0.1.

Routes (any method):
  /echo               200, JSON of the request: method, path, headers (in order), body (base64),
                      connection (1-based serial of the TCP connection), connections (so far),
                      client_subject (CN of the TLS client certificate, if any)
  /status/<code>      that status, with "Location: /echo" and a short body
  /delay/<ms>         waits, then 200 "late"
  /bytes/<n>          200 with n bytes and Content-Length
  /stream/<n>         200 with n bytes, chunked, no Content-Length
  /early-hints        a 103 Early Hints block (Link header), then 200 with X-Final
  /respond-headers    200 echoing each query parameter back as a response header

Options: --cert FILE --key FILE (HTTPS), --client-ca FILE (require a client certificate),
--blackhole (listen with a full backlog and never accept: connects time out).
"""
import argparse
import base64
import json
import os
import signal
import socket
import ssl
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
connections = 0


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        global connections
        super().setup()
        with lock:
            connections += 1
            self.connection_serial = connections

    def log_message(self, format, *args):
        pass

    def handle_one_request(self):
        try:
            super().handle_one_request()
        except ssl.SSLError:
            # A TLS 1.3 client learns that its certificate was refused only from our alert, after
            # it has sent its request: keep the socket open briefly so the alert is read before
            # the close resets the connection.
            time.sleep(0.5)
            self.close_connection = True
        except (ConnectionError, OSError):
            self.close_connection = True

    def __getattr__(self, name):
        if name.startswith("do_"):
            return self.respond
        raise AttributeError(name)

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def send(self, status, body, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def respond(self):
        body = self.read_body()
        url = urllib.parse.urlsplit(self.path)
        parts = url.path.strip("/").split("/")
        route = parts[0]
        if route == "echo":
            subject = None
            if isinstance(self.connection, ssl.SSLSocket):
                cert = self.connection.getpeercert()
                if cert:
                    subject = dict(x[0] for x in cert["subject"]).get("commonName")
            with lock:
                total = connections
            reply = {
                "method": self.command,
                "path": self.path,
                "headers": [[k, v] for k, v in self.headers.items()],
                "body": base64.b64encode(body).decode(),
                "connection": self.connection_serial,
                "connections": total,
                "client_subject": subject,
            }
            self.send(200, json.dumps(reply).encode(), [("Content-Type", "application/json")])
        elif route == "status":
            self.send(int(parts[1]), b"status", [("Location", "/echo")])
        elif route == "delay":
            time.sleep(int(parts[1]) / 1000)
            self.send(200, b"late")
        elif route == "bytes":
            self.send(200, b"x" * int(parts[1]))
        elif route == "stream":
            remaining = int(parts[1])
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            while remaining > 0:
                size = min(remaining, 65536)
                self.wfile.write(b"%x\r\n" % size + b"y" * size + b"\r\n")
                remaining -= size
            self.wfile.write(b"0\r\n\r\n")
        elif route == "early-hints":
            self.wfile.write(b"HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n")
            self.send(200, b"final", [("X-Final", "yes")])
        elif route == "respond-headers":
            pairs = urllib.parse.parse_qsl(url.query, keep_blank_values=True)
            self.send(200, b"ok", pairs)
        else:
            self.send(404, b"no such route")


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256

    def handle_error(self, request, client_address):
        pass


def blackhole():
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    port = listener.getsockname()[1]
    fillers = []
    for _ in range(4):
        filler = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        filler.setblocking(False)
        try:
            filler.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        fillers.append(filler)
    time.sleep(0.2)
    print(f"PORT {port}", flush=True)
    while True:
        time.sleep(3600)


def exit_with_parent():
    """Exit when the test process closes our stdin (or dies), so no server outlives it.

    Also unblock signals: a child spawned from a test runner's thread inherits its blocked
    signal mask, which would make SIGTERM pend forever.
    """
    signal.pthread_sigmask(signal.SIG_UNBLOCK, signal.valid_signals())
    def watch():
        sys.stdin.buffer.read()
        os._exit(0)
    threading.Thread(target=watch, daemon=True).start()


def main():
    exit_with_parent()
    parser = argparse.ArgumentParser()
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--client-ca")
    parser.add_argument("--blackhole", action="store_true")
    args = parser.parse_args()
    if args.blackhole:
        blackhole()
        return
    server = Server(("127.0.0.1", 0), Handler)
    if args.cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.cert, args.key)
        context.set_alpn_protocols(["http/1.1"])
        if args.client_ca:
            context.verify_mode = ssl.CERT_REQUIRED
            context.load_verify_locations(args.client_ca)
        server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
