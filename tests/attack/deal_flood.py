#!/usr/bin/env python3
"""The deals that took the service down (issue 57): bounded work and memory.

A fresh server on 127.0.0.1 (release build, MIMALLOC_PURGE_DELAY=0 and
MIMALLOC_ALLOW_THP=0, as the image runs it). Four clients post at once the
1 KB ICM deal of 20 players whose big stack's share lies 2^-63 under a unit
(tests/golden-deals), and a probe asks GET /healthz every 150 ms. Then a
client posts it and gives up after 50 ms, so its job must stop. Targets:
every deal answered 200 within 10 s, every probe within 1 s, and the RSS
30 s after the last deal within 16 MiB of the idle level. The server is
stopped by its PID; nothing is sent past loopback.
"""
import os
import pathlib
import subprocess
import sys
import threading
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.environ.get("SHOWDOWN_BIN", str(ROOT / "target/release/showdown"))
DEAL = ROOT / "tests/golden-deals/icm-twenty-players-a-share-2-pow-63-under-a-unit.request.json"
ADDR = "127.0.0.1:18187"


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        line = next(l for l in f if l.startswith("VmRSS"))
    return int(line.split()[1]) / 1024


def post(body, timeout):
    req = urllib.request.Request(f"http://{ADDR}/v1/deals", data=body,
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        r.read()
        return r.status


def main():
    env = dict(os.environ, MIMALLOC_PURGE_DELAY="0", MIMALLOC_ALLOW_THP="0")
    server = subprocess.Popen([BIN, "serve", "--addr", ADDR], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    failures = []
    try:
        time.sleep(1.5)
        idle = rss_mib(server.pid)
        body = DEAL.read_bytes()
        took = []

        def deal():
            start = time.time()
            status = post(body, 10)
            took.append((status, time.time() - start))

        clients = [threading.Thread(target=deal) for _ in range(4)]
        for c in clients:
            c.start()
        worst = 0.0
        while any(c.is_alive() for c in clients):
            start = time.time()
            urllib.request.urlopen(f"http://{ADDR}/healthz", timeout=1).read()
            worst = max(worst, time.time() - start)
            time.sleep(0.15)
        for c in clients:
            c.join()
        try:
            post(body, 0.05)
        except OSError:
            pass
        time.sleep(30)
        after = rss_mib(server.pid)
        print(f"deals: {sorted(round(t, 2) for _, t in took)} s; healthz worst {worst * 1000:.1f} ms; "
              f"RSS idle {idle:.1f} MiB, 30 s after {after:.1f} MiB")
        if len(took) != 4 or any(s != 200 for s, _ in took):
            failures.append(f"deals answered {took}")
        if worst > 1.0:
            failures.append(f"a probe took {worst:.2f} s")
        if after > idle + 16:
            failures.append(f"RSS {after:.1f} MiB is over idle {idle:.1f} + 16")
    finally:
        server.terminate()
        server.wait(10)
    for f in failures:
        print("FAIL", f)
    print(f"{3 - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
