"""HTTP/2-over-TLS test server (ALPN "h2") for TreatyHTTPTests; prints "PORT <n>" when ready.

Needs the `h2` package from PyPI. Every request gets 200 and a JSON echo: method, path, body
(base64), connection (1-based serial of the TCP connection) and stream ID.
Usage: h2_server.py --cert FILE --key FILE
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

import h2.config
import h2.connection
import h2.events

lock = threading.Lock()
connections = 0


def serve(sock, serial):
    connection = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=False))
    connection.initiate_connection()
    sock.sendall(connection.data_to_send())
    requests = {}
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return
            for event in connection.receive_data(data):
                if isinstance(event, h2.events.RequestReceived):
                    headers = {k.decode() if isinstance(k, bytes) else k: v.decode() if isinstance(v, bytes) else v
                               for k, v in event.headers}
                    requests[event.stream_id] = {"headers": headers, "body": b""}
                elif isinstance(event, h2.events.DataReceived):
                    requests[event.stream_id]["body"] += event.data
                    connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                elif isinstance(event, h2.events.StreamEnded):
                    request = requests.pop(event.stream_id)
                    reply = json.dumps({
                        "method": request["headers"].get(":method"),
                        "path": request["headers"].get(":path"),
                        "body": base64.b64encode(request["body"]).decode(),
                        "connection": serial,
                        "stream": event.stream_id,
                    }).encode()
                    connection.send_headers(event.stream_id, [
                        (":status", "200"), ("content-type", "application/json"),
                        ("content-length", str(len(reply))), ("x-served-by", "h2"),
                    ])
                    connection.send_data(event.stream_id, reply, end_stream=True)
            sock.sendall(connection.data_to_send())
    except (OSError, ssl.SSLError):
        pass
    finally:
        sock.close()


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
    global connections
    parser = argparse.ArgumentParser()
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    args = parser.parse_args()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(args.cert, args.key)
    context.set_alpn_protocols(["h2"])
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    print(f"PORT {listener.getsockname()[1]}", flush=True)
    while True:
        raw, _ = listener.accept()
        with lock:
            connections += 1
            serial = connections

        def handshake_and_serve(raw=raw, serial=serial):
            try:
                tls = context.wrap_socket(raw, server_side=True)
            except (OSError, ssl.SSLError):
                raw.close()
                return
            serve(tls, serial)

        threading.Thread(target=handshake_and_serve, daemon=True).start()


if __name__ == "__main__":
    main()
