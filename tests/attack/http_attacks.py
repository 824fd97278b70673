#!/usr/bin/env python3
"""make attack, issue 57 "HTTP as the RFCs say": three attacks on the
protocol, each against a fresh release server on 127.0.0.1 with its
default settings, while a probe process asks GET /healthz every 50 ms on a
new connection (answered 200 within 2 s to count).

- h2 preface: 200 connections, one after another as each ends, open with
  HTTP/2's prior-knowledge preface, an empty SETTINGS and a HEADERS frame
  (as `curl --http2-prior-knowledge` does) and read until the server
  closes. Target: every one answered with the server's SETTINGS and a
  GOAWAY HTTP_1_1_REQUIRED, none dropped unanswered or reset.
- duplicate Host: 200 connections, one after another, send a POST whose
  head has two Host lines (every other one: none) and whose body is a
  second request, the way a request is smuggled past a front that reads
  the other Host. Target: every one answered with one 400 problem+json
  and closed; the request in the body never answered.
- slow readers: 20 connections, each with a 16 KiB receive buffer,
  pipeline 7.4 MB of answers (OpenAPI documents and 2 deals of 5,000
  players, whose 345 KB answers are held against the body budget) and
  read 16 KiB every 2 s, the client of issue 57 that held its connection
  past 45 s. Target: every connection cut by the server within
  --write-stall-ms (5 s) or --write-timeout-ms (30 s), plus a tick (a
  quarter of the shortest limit) and 3 s for the answers to fill the
  kernel's buffers, and reset, so the kernel drops what it queued; the
  answers' bytes held back to 0.

For each: the probes answered and their p99, the peak RSS (VmHWM, under
the pod's 128 MiB), and what the attackers got. Bounded (ATTACK_SECS, 15
s, an attack; the slow readers 60 s at most), loopback only, every server
killed by its PID. Python's standard library only.
"""

import asyncio
import json
import multiprocessing
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request

from attack import HOST, SECS, Server, free_port, probe, reconnecting, run_one

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
POD_LIMIT_MIB = 128
ATTACKERS = 200
SLOW_READERS = 20
# --write-stall-ms and --write-timeout-ms, the defaults, and the tick that
# samples them (a quarter of the shortest of them and --idle-timeout-ms).
WRITE_STALL, WRITE_TIMEOUT, TICK = 5.0, 30.0, 1.25
# How long the answers take to fill the kernel's buffers, at most: the
# documents, and the deals, one at a time on the compute pool's thread.
FILL = 3.0

# The client's preface, an empty SETTINGS, and HEADERS on stream 1 (GET /,
# HPACK's static table): how an HTTP/2 client with prior knowledge opens.
H2_OPENING = (b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
              + bytes([0, 0, 3, 1, 5, 0, 0, 0, 1, 0x82, 0x84, 0x86]))


def count(tally, key):
    tally[key] = tally.get(key, 0) + 1


def is_goaway_http_1_1_required(data):
    """The server's empty SETTINGS, then one GOAWAY with error 0xd."""
    if data[:9] != bytes([0, 0, 0, 4, 0, 0, 0, 0, 0]) or len(data) < 26:
        return False
    goaway = data[9:]
    length = int.from_bytes(goaway[:3], "big")
    return goaway[3] == 7 and len(goaway) == 9 + length and goaway[13:17] == b"\0\0\0\x0d"


async def read_to_end(r, limit=5.0):
    """What the server sends until it closes: (bytes, how it ended)."""
    data = b""
    try:
        while True:
            chunk = await asyncio.wait_for(r.read(65536), limit)
            if not chunk:
                return data, "closed"
            data += chunk
    except asyncio.TimeoutError:
        return data, "timeout"
    except ConnectionResetError:
        return data, "reset"


async def h2_preface(port, stop, tally, _i):
    async def act(r, w):
        w.write(H2_OPENING)
        await w.drain()
        data, end = await read_to_end(r)
        if end != "closed":
            count(tally, end)
        elif not data:
            count(tally, "dropped unanswered")
        else:
            count(tally, "GOAWAY HTTP_1_1_REQUIRED" if is_goaway_http_1_1_required(data) else "other")

    await reconnecting(port, stop, act)


def smuggling(i):
    inner = b"GET /healthz HTTP/1.1\r\nHost: inner\r\n\r\n"
    hosts = b"Host: a\r\nHost: b\r\n" if i % 2 == 0 else b""
    return (b"POST /v1/settle HTTP/1.1\r\n" + hosts + b"Content-Type: application/json\r\n"
            b"Content-Length: " + str(len(inner)).encode() + b"\r\n\r\n" + inner + inner)


async def duplicate_host(port, stop, tally, i):
    request = smuggling(i)

    async def act(r, w):
        w.write(request)
        await w.drain()
        data, end = await read_to_end(r)
        # Status lines: at the start, and after a head without a body or
        # after a problem's closing brace (a detail may say "HTTP/1.1").
        answers = len(re.findall(rb"(?:^|\r\n\r\n|\})HTTP/1\.1 \d{3} ", data))
        if end != "closed":
            count(tally, end)
        elif answers > 1:
            count(tally, "smuggled request answered")
        elif data.startswith(b"HTTP/1.1 400 ") and b"application/problem+json" in data:
            count(tally, "400 problem, closed")
        else:
            count(tally, "other")

    await reconnecting(port, stop, act)


def big_answers():
    """What a slow reader pipelines: 24 OpenAPI documents (140 KB each),
    2 deals of 5,000 players (345 KB answers, held against the body budget
    until written), 24 documents more: 7.4 MB of answers, more than the
    kernel's buffers take unread (4 MiB on the server's side)."""
    n = 5000
    deal = json.dumps({"method": "chipChop", "prizes": [10**6 - i for i in range(n)], "prizeUnit": 1,
                       "players": [{"id": "player-%05d" % i, "stack": 1000 + i} for i in range(n)]},
                      separators=(",", ":")).encode()
    deal = (b"POST /v1/deals HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: " + str(len(deal)).encode() + b"\r\n\r\n" + deal)
    document = b"GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n"
    return document * 24 + deal * 2 + document * 24


def metrics(admin):
    """The admin listener's series, name (with labels) to value."""
    text = urllib.request.urlopen(f"http://{HOST}:{admin}/metrics", timeout=5).read().decode()
    out = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            try:
                out[name] = float(value)
            except ValueError:
                pass
    return out


def kernel_queued_mib(port):
    """What the kernel holds in the server's sockets on `port`, queued to
    send or received unread (`ss -tm`'s skmem w and r), MiB; nan without
    `ss` (iproute2)."""
    try:
        out = subprocess.run(["ss", "-tmnH", f"sport = :{port}"], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return float("nan")
    held = sum(int(n) for n in re.findall(r"[(,](?:w|r)(\d+)", out))
    return held / 2**20


async def slow_reader(port, request, results, until):
    """Pipelines `request` while reading 16 KiB every 2 s; records when and
    how the connection ended (seconds since it opened)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, (HOST, port))
    r, w = await asyncio.open_connection(sock=sock)
    start = time.monotonic()

    async def write():
        try:
            w.write(request)
            await w.drain()
        except OSError:
            pass

    writer = asyncio.create_task(write())
    got, end = 0, "still open"
    try:
        while time.monotonic() < until:
            await asyncio.sleep(2.0)
            chunk = await asyncio.wait_for(r.read(16384), 5)
            if not chunk:
                end = "closed"
                break
            got += len(chunk)
    except ConnectionResetError:
        end = "reset"
    except (OSError, asyncio.TimeoutError) as e:
        end = type(e).__name__
    results.append((end, time.monotonic() - start, got))
    writer.cancel()
    w.close()


async def run_slow_readers():
    admin = free_port()
    server = Server(log_level="warn", args=["--admin-addr", f"{HOST}:{admin}"])
    try:
        for _ in range(20):
            metrics(admin)
        idle = server.status_mib("VmRSS")
        tcp_idle = kernel_queued_mib(server.port)
        server.reset_peak()
        request, results = big_answers(), []
        until = time.monotonic() + 60
        out = multiprocessing.Queue()
        prober = multiprocessing.Process(target=probe, args=(server.port, 20, out))
        prober.start()
        readers = [asyncio.create_task(slow_reader(server.port, request, results, until))
                   for _ in range(SLOW_READERS)]
        held_peak, tcp_peak, cuts, start = 0.0, 0.0, [], time.monotonic()
        while not all(t.done() for t in readers):
            m = await asyncio.to_thread(metrics, admin)
            held_peak = max(held_peak, m.get("showdown_body_bytes_held", 0))
            cut = int(m.get("showdown_connection_errors_total", 0))
            cuts += [time.monotonic() - start] * (cut - len(cuts))
            tcp_peak = max(tcp_peak, kernel_queued_mib(server.port))
            await asyncio.sleep(0.25)
        m = await asyncio.to_thread(metrics, admin)
        while prober.is_alive() and out.empty():
            await asyncio.sleep(0.1)
        probes = out.get(timeout=30)
        prober.join(5)
        await asyncio.sleep(1.0)
        tcp_after = kernel_queued_mib(server.port)
        peak = server.peak_rss_mib()
        alive = server.proc.poll() is None
    finally:
        server.stop()
    return dict(results=results, probes=probes, idle=idle, peak=peak, alive=alive, cuts=cuts,
                held_peak=held_peak, held_after=m.get("showdown_body_bytes_held", 0),
                cut=m.get("showdown_connection_errors_total", 0),
                tcp_idle=tcp_idle, tcp_peak=tcp_peak, tcp_after=tcp_after)


def summary(results):
    ok = sum(1 for good, _ in results if good)
    lat = sorted(t for good, t in results if good)
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    return ok, len(results), p99


async def main():
    if not os.path.exists(os.environ.get("SHOWDOWN_BIN", "target/release/showdown")):
        raise SystemExit("build it first: cargo build --release --bin showdown")
    failures = []
    print(f"{SECS:.0f} s an attack, {ATTACKERS} connections one after another; probe GET /healthz every 50 ms")
    print("| attack | probes answered | probe p99 | peak RSS | answers to the attackers |")
    print("| --- | --- | --- | --- | --- |")
    floods = [
        ("h2 preface", h2_preface, "GOAWAY HTTP_1_1_REQUIRED"),
        ("duplicate Host (or none), a request in the body", duplicate_host, "400 problem, closed"),
    ]
    for name, attacker, wanted in floods:
        tally = {}

        def make(port, stop, attacker=attacker, tally=tally):
            return [attacker(port, stop, tally, i) for i in range(ATTACKERS)]

        _, ok, n, p99, peak, alive = await run_one(name, {"log_level": "warn"}, make)
        answers = ", ".join(f"{v:,} {k}" for k, v in sorted(tally.items()))
        print(f"| {name} | {ok}/{n} | {p99:.1f} ms | {peak:.1f} MiB | {answers} |", flush=True)
        if not alive or ok < n or peak >= POD_LIMIT_MIB or set(tally) != {wanted}:
            failures.append(f"{name}: every probe answered, peak under {POD_LIMIT_MIB} MiB, every attacker {wanted}")
    r = await run_slow_readers()
    ok, n, p99 = summary(r["probes"])
    ends = {}
    for end, _, _ in r["results"]:
        count(ends, end)
    took = sorted(t for _, t, _ in r["results"])
    cuts = r["cuts"] or [float("nan")]
    bound = min(WRITE_STALL, WRITE_TIMEOUT) + TICK + FILL
    print(f"| slow readers, {SLOW_READERS} x 16 KiB every 2 s | {ok}/{n} | {p99:.1f} ms | {r['peak']:.1f} MiB "
          f"| cut by the server after {cuts[0]:.1f} to {cuts[-1]:.1f} s; {', '.join(f'{v} {k}' for k, v in sorted(ends.items()))} "
          f"at their next read, {took[0]:.1f} to {took[-1]:.1f} s; {max(g for _, _, g in r['results']) // 1024} KiB read at most |")
    print(f"slow readers: server RSS idle {r['idle']:.1f} MiB, peak {r['peak']:.1f}; answers held at most "
          f"{r['held_peak'] / 2**20:.1f} MiB, {r['held_after']:.0f} bytes after; {r['cut']:.0f} connections cut; "
          f"queued in the kernel for the server's sockets {r['tcp_idle']:.1f} MiB idle, {r['tcp_peak']:.1f} at most, "
          f"{r['tcp_after']:.1f} 1 s after")
    if not r["alive"] or ok < n or r["peak"] >= POD_LIMIT_MIB:
        failures.append(f"slow readers: every probe answered, peak under {POD_LIMIT_MIB} MiB")
    if ends != {"reset": SLOW_READERS} or len(r["cuts"]) != SLOW_READERS or cuts[-1] > bound:
        failures.append(f"slow readers: every one cut within {bound:.2f} s, and reset")
    if r["held_after"] != 0:
        failures.append("slow readers: the answers' bytes given back")
    for f in failures:
        print("FAIL", f)
    missed = len({f.split(":")[0] for f in failures})
    print(f"{3 - missed} passed, {missed} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
