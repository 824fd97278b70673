#!/usr/bin/env python3
"""make attack: the release `showdown` on loopback under five connection-level
attacks, each against a fresh server, while a probe client asks /healthz
every 50 ms on a new connection. Prints, for each attack, the probes'
success rate and p99 latency and the server's peak RSS (VmHWM).

Loopback only; every attack lasts ATTACK_SECS (default 15) and every server
started here is killed by its PID. Python's standard library only.
"""

import asyncio
import multiprocessing
import os
import resource
import signal
import socket
import subprocess
import sys
import time

BIN = os.environ.get("SHOWDOWN_BIN", "target/release/showdown")
SECS = float(os.environ.get("ATTACK_SECS", "15"))
HOST = "127.0.0.1"
PROBE_EVERY = 0.05
PROBE_TIMEOUT = 2.0


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Server:
    """One showdown process; `nofile` caps its open files as a container
    would; `args` are flags after `serve --addr`."""

    def __init__(self, nofile=None, log_level="info", stderr=subprocess.DEVNULL, env=None, args=()):
        self.port = free_port()

        def limits():
            if nofile:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        # As the image runs it (docker/Dockerfile): freed memory goes back
        # to the system at once.
        env = dict(os.environ, RUST_LOG=log_level, MIMALLOC_PURGE_DELAY="0", MIMALLOC_ALLOW_THP="0", **(env or {}))
        self.proc = subprocess.Popen(
            [BIN, "serve", "--addr", f"{HOST}:{self.port}", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            env=env,
            preexec_fn=limits,
        )
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection((HOST, self.port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.stop()
                    raise SystemExit(f"showdown did not start on {self.port}")
                time.sleep(0.02)

    def peak_rss_mib(self):
        return self.status_mib("VmHWM")

    def status_mib(self, field):
        """A field of /proc/PID/status (VmRSS, VmHWM) in MiB."""
        try:
            with open(f"/proc/{self.proc.pid}/status") as f:
                for line in f:
                    if line.startswith(field + ":"):
                        return int(line.split()[1]) / 1024
        except OSError:
            pass
        return float("nan")

    def reset_peak(self):
        """VmHWM back to the current RSS (/proc/PID/clear_refs), so the peak
        read later is the attack's."""
        with open(f"/proc/{self.proc.pid}/clear_refs", "w") as f:
            f.write("5")

    def stop(self):
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()


def probe(port, secs, out):
    """GET /healthz on a new connection every PROBE_EVERY seconds for `secs`,
    in a process of its own so the attackers' event loop never delays it."""
    results = []
    until = time.monotonic() + secs
    while time.monotonic() < until:
        start = time.monotonic()
        ok = False
        try:
            with socket.create_connection((HOST, port), timeout=PROBE_TIMEOUT) as c:
                c.settimeout(PROBE_TIMEOUT)
                c.sendall(b"GET /healthz HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n")
                data = b""
                while time.monotonic() - start < PROBE_TIMEOUT:
                    chunk = c.recv(4096)
                    if not chunk:
                        break
                    data += chunk
                ok = data.startswith(b"HTTP/1.1 200") and data.endswith(b"}")
        except OSError:
            ok = False
        results.append((ok, time.monotonic() - start))
        time.sleep(max(0.0, PROBE_EVERY - (time.monotonic() - start)))
    out.put(results)


async def reconnecting(port, stop, act):
    """Run `act(reader, writer)` on a connection, again on a new one 50 ms
    after each ends (the attacker shares the server's two cores), until `stop`."""
    while not stop.is_set():
        try:
            r, w = await asyncio.open_connection(HOST, port)
        except OSError:
            await asyncio.sleep(0.2)
            continue
        try:
            await act(r, w)
        except (OSError, asyncio.TimeoutError):
            pass
        finally:
            w.close()
        await asyncio.sleep(0.05)


async def hold(port, stop, first, then=None, every=1.0):
    """One attacking connection: send `first`, then `then` every `every`
    seconds (or nothing, waiting for the server to close it)."""

    async def act(r, w):
        if first:
            w.write(first)
            await w.drain()
        while not stop.is_set():
            if then is None:
                try:
                    if not await asyncio.wait_for(r.read(65536), every):
                        return
                except asyncio.TimeoutError:
                    pass
                continue
            await asyncio.sleep(every)
            w.write(then)
            await asyncio.wait_for(w.drain(), 5)

    await reconnecting(port, stop, act)


async def big_headers(port, stop, size=400 * 1024):
    """Send a request head of `size` bytes that never ends."""
    line = b"X-Fill: " + b"a" * 1000 + b"\r\n"

    async def act(r, w):
        w.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        sent = 0
        while sent < size and not stop.is_set():
            w.write(line)
            sent += len(line)
            await asyncio.wait_for(w.drain(), 5)
        await asyncio.wait_for(r.read(65536), 5)

    await reconnecting(port, stop, act)


async def log_flood(port, stop):
    """Refused requests with 30 KB paths, as fast as one keep-alive connection goes."""
    path = b"/" + b"p" * 30000
    req = b"GET " + path + b" HTTP/1.1\r\nHost: x\r\n\r\n"
    while not stop.is_set():
        try:
            r, w = await asyncio.open_connection(HOST, port)
            while not stop.is_set():
                w.write(req)
                await w.drain()
                head = await asyncio.wait_for(r.readuntil(b"\r\n\r\n"), 5)
                length = 0
                for l in head.split(b"\r\n"):
                    if l.lower().startswith(b"content-length:"):
                        length = int(l.split(b":")[1])
                await asyncio.wait_for(r.readexactly(length), 5)
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError):
            await asyncio.sleep(0.05)


def attacks():
    slowloris = b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
    slow_body = (
        b"POST /v1/settle HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 60000\r\n\r\n{"
    )
    return [
        ("slowloris, 1,000 connections", {}, lambda p, s: [hold(p, s, slowloris, b"X-a: b\r\n", 2.0) for _ in range(1000)]),
        ("1,100 idle connections, open files 1,024", {"nofile": 1024}, lambda p, s: [hold(p, s, b"") for _ in range(1100)]),
        ("450 connections, 400 KB of headers each", {}, lambda p, s: [big_headers(p, s) for _ in range(450)]),
        ("slow-body flood, 1,100 connections", {}, lambda p, s: [hold(p, s, slow_body, b" ", 0.5) for _ in range(1100)]),
        ("log reader stops (stderr never read)", {"stderr": subprocess.PIPE, "log_level": "debug"}, lambda p, s: [log_flood(p, s) for _ in range(4)]),
    ]


async def run_one(name, server_args, make):
    server = Server(**server_args)
    try:
        stop = asyncio.Event()
        tasks = [asyncio.create_task(t) for t in make(server.port, stop)]
        await asyncio.sleep(1.0)  # let the attack build up before probing
        out = multiprocessing.Queue()
        prober = multiprocessing.Process(target=probe, args=(server.port, SECS, out))
        prober.start()
        while prober.is_alive() and out.empty():
            await asyncio.sleep(0.1)
        results = out.get(timeout=PROBE_TIMEOUT + 5)
        prober.join(5)
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        alive = server.proc.poll() is None
        rss = server.peak_rss_mib()
    finally:
        server.stop()
    ok = sum(1 for good, _ in results if good)
    lat = sorted(t for good, t in results if good)
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    return name, ok, len(results), p99, rss, alive


async def main():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    if not os.path.exists(BIN):
        raise SystemExit(f"{BIN} not found: build it with cargo build --release --bin showdown")
    print(f"{BIN}, {SECS:.0f} s an attack, probe GET /healthz every {PROBE_EVERY * 1000:.0f} ms")
    print("| attack | probes answered | probe p99 | peak RSS | server alive |")
    print("| --- | --- | --- | --- | --- |")
    failed = False
    for name, args, make in attacks():
        name, ok, n, p99, rss, alive = await run_one(name, args, make)
        print(f"| {name} | {ok}/{n} ({100 * ok / max(n, 1):.1f} %) | {p99:.1f} ms | {rss:.1f} MiB | {'yes' if alive else 'NO'} |", flush=True)
        failed |= not alive or ok < n or rss >= 128
    if failed:
        print("target missed: probes 100 % answered and RSS under 128 MiB")
        sys.exit(1)


if __name__ == "__main__":
    asyncio.run(main())
