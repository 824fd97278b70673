#!/usr/bin/env python3
"""make attack, last case: a flood of the heaviest equity requests (heads-up
Omaha before the flop, about a million runouts each) on 64 keep-alive
connections, while one client settles hands one after another and a probe
asks GET /healthz every 50 ms on a new connection.

The target (issue "Exact all-in equity"): /v1/settle's p99 under the flood
within 2x its p99 without it, and every /healthz answered within 100 ms.
Loopback only; each phase lasts FLOOD_SECS (default 15) and the server is
killed by its PID. Python's standard library only.
"""

import asyncio
import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import time

BIN = os.environ.get("SHOWDOWN_BIN", "target/release/showdown")
SECS = float(os.environ.get("FLOOD_SECS", "15"))
CONNECTIONS = int(os.environ.get("FLOOD_CONNECTIONS", "64"))
HOST = "127.0.0.1"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

EQUITY = json.dumps({
    "variant": "omaha",
    "players": [{"id": "a", "cards": ["As", "Ah", "Kd", "Qd"]},
                {"id": "b", "cards": ["Ks", "Kh", "7c", "6c"]}],
}).encode()
with open(os.path.join(ROOT, "tests/golden/api-md-example.request.json"), "rb") as f:
    SETTLE = json.dumps(json.load(f)).encode()


def request(path, body):
    return (f"POST {path} HTTP/1.1\r\nHost: flood\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def read_response(sock, buf):
    """One HTTP/1.1 response with Content-Length from a blocking socket."""
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            raise OSError("closed")
        buf += chunk
    head, rest = buf.split(b"\r\n\r\n", 1)
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise OSError("closed")
        rest += chunk
    return head.split(b" ", 2)[1], rest[length:]


def settler(port, secs, out):
    """Settle the API.md hand over one keep-alive connection, one after
    another, for `secs`; every latency in seconds."""
    lat, bad = [], 0
    req = request("/v1/settle", SETTLE)
    with socket.create_connection((HOST, port), timeout=5) as s:
        buf = b""
        until = time.monotonic() + secs
        while time.monotonic() < until:
            start = time.monotonic()
            s.sendall(req)
            status, buf = read_response(s, buf)
            lat.append(time.monotonic() - start)
            bad += status != b"200"
            time.sleep(0.002)
    out.put(("settle", lat, bad))


def prober(port, secs, out):
    """GET /healthz on a new connection every 50 ms for `secs`."""
    lat, bad = [], 0
    until = time.monotonic() + secs
    while time.monotonic() < until:
        start = time.monotonic()
        try:
            with socket.create_connection((HOST, port), timeout=2) as s:
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: probe\r\n\r\n")
                status, _ = read_response(s, b"")
                bad += status != b"200"
        except OSError:
            bad += 1
        lat.append(time.monotonic() - start)
        time.sleep(max(0.0, 0.05 - (time.monotonic() - start)))
    out.put(("healthz", lat, bad))


def flooder(port, secs, conns, out):
    """`conns` keep-alive connections sending the equity request as fast as
    they are answered (200 or 503); counts of each status."""
    counts = {}

    async def one(stop):
        req = request("/v1/equity", EQUITY)
        while not stop.is_set():
            try:
                r, w = await asyncio.open_connection(HOST, port)
                while not stop.is_set():
                    w.write(req)
                    await w.drain()
                    head = await asyncio.wait_for(r.readuntil(b"\r\n\r\n"), 10)
                    status = head.split(b" ", 2)[1].decode()
                    length = next(int(l.split(b":")[1]) for l in head.split(b"\r\n")
                                  if l.lower().startswith(b"content-length:"))
                    await asyncio.wait_for(r.readexactly(length), 10)
                    counts[status] = counts.get(status, 0) + 1
                w.close()
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError):
                await asyncio.sleep(0.05)

    async def main():
        stop = asyncio.Event()
        tasks = [asyncio.create_task(one(stop)) for _ in range(conns)]
        await asyncio.sleep(secs)
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    out.put(("equity", counts, 0))


def p99(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * 0.99))] * 1000 if xs else float("nan")


def phase(port, flood):
    out = multiprocessing.Queue()
    procs = [multiprocessing.Process(target=settler, args=(port, SECS, out)),
             multiprocessing.Process(target=prober, args=(port, SECS, out))]
    if flood:
        procs.append(multiprocessing.Process(target=flooder, args=(port, SECS + 2, CONNECTIONS, out)))
        procs[-1].start()
        time.sleep(1.0)  # let the flood build up
    for p in procs[:2]:
        p.start()
    results = {}
    for _ in procs:
        name, data, bad = out.get(timeout=SECS + 30)
        results[name] = (data, bad)
    for p in procs:
        p.join(10)
    return results


def main():
    if not os.path.exists(BIN):
        raise SystemExit(f"{BIN} not found: build it with cargo build --release --bin showdown")
    port = free_port()
    proc = subprocess.Popen([BIN, "serve", "--addr", f"{HOST}:{port}"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection((HOST, port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit("showdown did not start")
                time.sleep(0.02)
        quiet = phase(port, flood=False)
        loud = phase(port, flood=True)
        alive = proc.poll() is None
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
        proc.wait()

    base, under = p99(quiet["settle"][0]), p99(loud["settle"][0])
    health = loud["healthz"][0]
    worst = max(health) * 1000 if health else float("nan")
    counts = loud["equity"][0]
    print(f"equity flood: {CONNECTIONS} connections of heads-up preflop Omaha, {SECS:.0f} s a phase")
    print("| measure | without the flood | under the flood |")
    print("| --- | --- | --- |")
    print(f"| /v1/settle p99 | {base:.2f} ms ({len(quiet['settle'][0])} settles) | {under:.2f} ms ({len(loud['settle'][0])} settles) |")
    print(f"| /healthz p99 / worst | {p99(quiet['healthz'][0]):.1f} / {max(quiet['healthz'][0]) * 1000:.1f} ms | {p99(health):.1f} / {worst:.1f} ms |")
    print(f"| equity answers | | {counts.get('200', 0)} × 200, {counts.get('503', 0)} × 503, other {sum(v for k, v in counts.items() if k not in ('200', '503'))} |")
    ratio = under / base if base else float("inf")
    failed = (not alive or ratio > 2.0 or worst > 100.0 or loud["healthz"][1] or loud["settle"][1]
              or quiet["settle"][1])
    print(f"settle p99 ratio {ratio:.2f} (target <= 2), worst /healthz {worst:.1f} ms (target <= 100), server alive: {alive}")
    if failed:
        print("target missed")
        sys.exit(1)


if __name__ == "__main__":
    main()
