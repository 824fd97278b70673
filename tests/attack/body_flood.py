#!/usr/bin/env python3
"""make attack, issue 48: the edge bounded by memory. 400 connections each
announce a body of 1 MiB less one byte to POST /v1/tables, /v1/prizes and
/v1/deals (in turn), send all of it but the last byte, and stall until the
server answers or closes; then they reconnect 50 ms later. Meanwhile a
probe process asks GET /healthz and POST /v1/settle (a few hundred bytes)
on new connections every 50 ms, each to be answered 200 within 1 s.

Two runs against fresh servers, each for BODY_FLOOD_SECS (default 15):
- open: the body budget holds what it can and refuses the rest at once
  (503); the target is the peak RSS (VmHWM) under the pod's 128 MiB, every
  probe answered, and the RSS back within 8 MiB of idle 10 s after the
  attackers go (while the probe goes on at one request every 100 ms).
- tokens: with access tokens and none sent, the attackers send the head
  alone and wait: every answer a 401 before a body byte is sent, the
  connection closed after it, and the RSS at most 16 MiB over idle.

Loopback only; every server is killed by its PID. Standard library only.
"""

import asyncio
import json
import multiprocessing
import os
import sys
import time

from attack import HOST, Server, reconnecting

SECS = float(os.environ.get("BODY_FLOOD_SECS", "15"))
CLIENTS = int(os.environ.get("BODY_FLOOD_CLIENTS", "400"))
BODY = 1024 * 1024 - 1
ROUTES = [b"/v1/tables", b"/v1/prizes", b"/v1/deals"]
POD_LIMIT_MIB = 128
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def settle_request():
    with open(os.path.join(ROOT, "tests/golden/api-md-example.request.json"), "rb") as f:
        body = json.dumps(json.load(f), separators=(",", ":")).encode()
    return (b"POST /v1/settle HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n"
            b"Content-Type: application/json\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


def ask(port, request, timeout=1.0):
    """One request on a new connection: (answered 200 within `timeout`, seconds)."""
    import socket
    start = time.monotonic()
    try:
        with socket.create_connection((HOST, port), timeout=timeout) as c:
            c.settimeout(timeout)
            c.sendall(request)
            data = b""
            while time.monotonic() - start < timeout:
                chunk = c.recv(65536)
                if not chunk:
                    break
                data += chunk
        return data.startswith(b"HTTP/1.1 200") and time.monotonic() - start < timeout, time.monotonic() - start
    except OSError:
        return False, time.monotonic() - start


def probe(port, secs, every, out):
    """/healthz and a small settle in turn, every `every` seconds, for `secs`."""
    # The settle carries the token the tokens run sets (ignored without).
    settle = settle_request().replace(b"Host: probe\r\n", b"Host: probe\r\nAuthorization: Bearer t0ken\r\n")
    requests = [b"GET /healthz HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n", settle]
    results = []
    until = time.monotonic() + secs
    while time.monotonic() < until:
        start = time.monotonic()
        results.append(ask(port, requests[len(results) % 2]))
        time.sleep(max(0.0, every - (time.monotonic() - start)))
    out.put(results)


def large_head(path):
    return (b"POST " + path + b" HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: " + str(BODY).encode() + b"\r\n\r\n")


def count(tally, key):
    tally[key] = tally.get(key, 0) + 1


async def large_body(port, stop, path, tally):
    """One attacking connection after another: the head and all of the body
    but its last byte, then wait for the server's answer and close."""
    chunk = b" " * 65536

    async def act(r, w):
        try:
            w.write(large_head(path))
            left = BODY - 1
            while left > 0 and not stop.is_set():
                w.write(chunk[:min(left, len(chunk))])
                left -= min(left, len(chunk))
                await asyncio.wait_for(w.drain(), 15)
            count(tally, (await r.read(12))[9:12].decode() or "closed")
            while not stop.is_set() and await r.read(65536):
                pass
        except (OSError, asyncio.TimeoutError):
            count(tally, "reset")

    await reconnecting(port, stop, act)


async def head_only(port, stop, path, tally):
    """One connection after another: the head alone (no token), then the
    answer, before any body byte; then the server must close."""

    async def act(r, w):
        try:
            w.write(large_head(path))
            await w.drain()
            status = (await asyncio.wait_for(r.read(12), 10))[9:12].decode() or "closed"
            while await asyncio.wait_for(r.read(65536), 2):
                pass
            count(tally, status)
        except (OSError, asyncio.TimeoutError):
            count(tally, "not closed")

    await reconnecting(port, stop, act)


async def run(name, env, attacker):
    server = Server(log_level="warn", env=env)
    try:
        for _ in range(20):  # warm: the routes' first answers, then idle
            ask(server.port, settle_request())
        time.sleep(0.5)
        idle = server.status_mib("VmRSS")
        server.reset_peak()
        stop, tally = asyncio.Event(), {}
        tasks = [asyncio.create_task(attacker(server.port, stop, ROUTES[i % 3], tally)) for i in range(CLIENTS)]
        await asyncio.sleep(1.0)
        out = multiprocessing.Queue()
        prober = multiprocessing.Process(target=probe, args=(server.port, SECS, 0.05, out))
        prober.start()
        while prober.is_alive() and out.empty():
            await asyncio.sleep(0.1)
        results = out.get(timeout=10)
        prober.join(5)
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        peak = server.status_mib("VmHWM")
        # The attackers are gone: a probe every 100 ms for 10 s, then the RSS.
        out = multiprocessing.Queue()
        after_probe = multiprocessing.Process(target=probe, args=(server.port, 10, 0.1, out))
        after_probe.start()
        after_probe.join(20)
        after = server.status_mib("VmRSS")
        alive = server.proc.poll() is None
    finally:
        server.stop()
    ok = sum(1 for good, _ in results if good)
    worst = max((t for _, t in results), default=float("nan")) * 1000
    return dict(name=name, ok=ok, n=len(results), worst=worst, idle=idle, peak=peak, after=after,
                alive=alive, tally=tally)


async def main():
    if not os.path.exists(os.environ.get("SHOWDOWN_BIN", "target/release/showdown")):
        raise SystemExit("build it first: cargo build --release --bin showdown")
    print(f"{CLIENTS} connections, {SECS:.0f} s a run; probe /healthz and a settle every 50 ms, 200 within 1 s")
    print("| run | probes answered | worst probe | idle RSS | peak RSS | RSS 10 s after | answers to the attackers |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    failed = False
    for name, env, attacker in [
        ("1 MiB bodies, stalled", {}, large_body),
        ("tokens on, no token sent", {"SHOWDOWN_AUTH_TOKENS": "t0ken"}, head_only),
    ]:
        r = await run(name, env, attacker)
        answers = ", ".join(f"{k}: {v}" for k, v in sorted(r["tally"].items()))
        print(f"| {name} | {r['ok']}/{r['n']} | {r['worst']:.1f} ms | {r['idle']:.1f} MiB | {r['peak']:.1f} MiB "
              f"| {r['after']:.1f} MiB | {answers} |", flush=True)
        failed |= not r["alive"] or r["ok"] < r["n"] or r["peak"] >= POD_LIMIT_MIB
        if attacker is large_body:
            failed |= r["after"] > r["idle"] + 8 or "200" in r["tally"]
        else:
            failed |= r["peak"] - r["idle"] > 16 or set(r["tally"]) != {"401"}
    if failed:
        print("target missed: every probe 200 within 1 s, peak under 128 MiB, memory back within 8 MiB "
              "of idle; with tokens every attacker answered 401 and closed, at most 16 MiB grown")
        sys.exit(1)


if __name__ == "__main__":
    asyncio.run(main())
