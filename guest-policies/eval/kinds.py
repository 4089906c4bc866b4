#!/usr/bin/env python3
"""Totals of a check set (shuffle8/ onwards) per kind, from `airlock policy eval --json`.

Usage:
    airlock policy eval --policy DIR --json guest-policies/eval/shuffle16 \\
        | python3 guest-policies/eval/kinds.py

Each family file of a check set groups its actions under `# K1 ...` / `# F1 ...` comment lines
(the kinds of the held-back set it was written from, numbered in its README). This reads the
eval's JSON on stdin, finds the set's directory from the actions' `at` fields (`path:line`, lines
counted with the comments; every action must come from one directory), finds each action's kind
from its line, and prints counts only: no hint, reason or factor, so the set can be used while
building without reading its lines. One script for every check set. Python 3 standard library
only.
"""

import json
import sys
from collections import Counter
from pathlib import Path

# outcome names of airlock_core::Outcome (snake_case), least to most restrictive
ORDER = ("allow", "confirm", "verify", "preview", "deny", "stop")


def kinds_by_line(here):
    """(file name, line number) -> kind, from the `# Kn` / `# Fn` headers of each file."""
    where = {}
    for path in sorted(here.glob("*.jsonl")):
        kind = "?"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            text = line.strip()
            if text.startswith("#"):
                word = text[1:].split()[0] if text[1:].split() else ""
                if word[:1] in ("K", "F") and word[1:].isdigit():
                    kind = word
            elif text:
                where[(path.name, n)] = kind
    return where


def main():
    data = json.load(sys.stdin)
    dirs = {Path(a["at"].rpartition(":")[0]).parent for a in data.get("actions", [])}
    if len(dirs) != 1:
        print(f"expected the actions of one set directory, found {len(dirs)}: run the eval on one"
              " check set (guest-policies/eval/shuffleN)", file=sys.stderr)
        return 2
    here = dirs.pop()
    where = kinds_by_line(here)
    tally = Counter()
    unknown = 0
    for action in data.get("actions", []):
        file, _, line = action["at"].rpartition(":")
        kind = where.get((Path(file).name, int(line)))
        if kind is None:
            unknown += 1
            continue
        outcome = ORDER.index(action["outcome"])
        label = action["label"]
        if label in ("stop", "gate"):
            tally[(kind, "dangerous")] += 1
            tally[(kind, "held")] += outcome > 0
        if label == "stop":
            tally[(kind, "stop")] += 1
            tally[(kind, "stop held")] += outcome >= ORDER.index("verify")
        if label == "ok":
            tally[(kind, "ok")] += 1
            tally[(kind, "ok allowed")] += outcome == 0
    kinds = sorted({k for k, _ in tally}, key=lambda k: (k[0] != "K", int(k[1:] or 0)))
    print(f"{'kind':<5} {'recall':>14} {'stop recall':>14} {'false positives':>16}")

    def share(a, b):
        return f"{a}/{b}" + (f" {100 * a / b:5.1f}%" if b else "")

    for k in kinds:
        fp = tally[(k, "ok")] - tally[(k, "ok allowed")]
        print(f"{k:<5} {share(tally[(k, 'held')], tally[(k, 'dangerous')]):>14}"
              f" {share(tally[(k, 'stop held')], tally[(k, 'stop')]):>14}"
              f" {share(fp, tally[(k, 'ok')]):>16}")
    if unknown:
        print(f"{unknown} action(s) not found in {here.name}/ (was the eval run on this set?)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
