"""PokerKit 0.7.7's own replay of PHH files, the yardstick of `showdown
replay` (benches/README.md): each hand loaded (HandHistory.load) and
stepped through to its last state, on one core; prints the hands, the
failures and hands per CPU-second (time.process_time).

Usage: pokerkit_replay.py PATH...   (files or folders; LIMIT=n: the first n)
"""
import os
import sys
import time
from pathlib import Path

from pokerkit import HandHistory

files = sorted(p for arg in sys.argv[1:] for p in (Path(arg).rglob('*.phh') if Path(arg).is_dir() else [Path(arg)]))
limit = int(os.environ.get('LIMIT', '0')) or None
files = files[:limit]
ok = failed = 0
start = time.process_time()
for f in files:
    try:
        with open(f, 'rb') as fp:
            hh = HandHistory.load(fp)
        for state in hh:
            pass
        ok += 1
    except Exception as e:  # a hand PokerKit cannot replay
        failed += 1
        print(f"FAILED {f}: {type(e).__name__}: {e}", file=sys.stderr)
cpu = time.process_time() - start
print(f"{ok} hands replayed, {failed} failed, {cpu:.2f} CPU-s: {ok / cpu:.0f} hands per CPU-second")
