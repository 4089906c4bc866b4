"""First start and cached start of the `airlock` binary, as a user meets them after installing.

Runs `airlock check --hint "rm -rf /"` (the decision goes through both built-in WebAssembly
stages) as a new process, timing the whole process (wall clock, start to exit):

- first start: each run with its own empty component cache (AIRLOCK_CACHE_DIR a new empty
  directory), so both default guests are compiled before the decision, as after `cargo install`;
- cached start: every run on one cache that a first run filled.

Usage: python3 benches/python/first_start.py AIRLOCK_BIN [RUNS]   (default 7 runs of each)
Prints one JSON object: the runs in ms, medians and minima. Fails (exit 1) if a run does not stop
the action (exit status 3): a figure for a start that did not decide is no figure.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HINT = "rm -rf /"


def one_run(binary, cache_dir):
    env = dict(os.environ, AIRLOCK_CACHE_DIR=cache_dir)
    start = time.perf_counter()
    done = subprocess.run(
        [binary, "check", "--hint", HINT, "--json"], env=env, capture_output=True, text=True
    )
    elapsed_ms = (time.perf_counter() - start) * 1000
    if done.returncode != 3:
        sys.exit(f"first_start: {binary} check --hint {HINT!r} exited {done.returncode}, not 3 "
                 f"(stop):\n{done.stdout}{done.stderr}")
    layers = {f.get("layer") for f in json.loads(done.stdout).get("factors", [])}
    return elapsed_ms, sorted(layers)


def summary(runs):
    return {"runs_ms": [round(r, 1) for r in runs], "median_ms": round(statistics.median(runs), 1),
            "min_ms": round(min(runs), 1)}


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: first_start.py AIRLOCK_BIN [RUNS]")
    binary = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    first, cached = [], []
    with tempfile.TemporaryDirectory() as root:
        for i in range(runs):
            ms, layers = one_run(binary, tempfile.mkdtemp(dir=root, prefix=f"empty{i}-"))
            first.append(ms)
        warm = tempfile.mkdtemp(dir=root, prefix="warm-")
        one_run(binary, warm)
        for _ in range(runs):
            cached.append(one_run(binary, warm)[0])
    print(json.dumps({"hint": HINT, "runs": runs, "factor_layers": layers,
                      "first_start": summary(first), "cached_start": summary(cached),
                      "load_average": os.getloadavg()[0]}, indent=1))


if __name__ == "__main__":
    main()
