#!/usr/bin/env python3
"""Totals of shuffle17/ per kind of holdout17's misses, from `airlock policy eval --json`.

Usage:
    airlock policy eval --policy DIR --json guest-policies/eval/shuffle17 \\
        | python3 guest-policies/eval/shuffle17/kinds.py

Each family file groups its actions under `# K1 ...` / `# F1 ...` comment lines (the kinds of
analysis/holdout17-misses.md, numbered K1..K11 and F1..F5 in shuffle17/README.md). This reads the
eval's JSON on stdin, finds each action's kind from the line it was read at (`at` is `path:line`,
lines counted with the comments), and prints counts only: no hint, reason or factor, so the set
can be used while building without reading its lines. Python 3 standard library only.

The counting is shuffle8/kinds.py's, run on this directory (one script for every shuffle set).
"""

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("shuffle_kinds", HERE.parent / "shuffle8" / "kinds.py")
kinds = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(kinds)
kinds.HERE = HERE

if __name__ == "__main__":
    sys.exit(kinds.main())
