#!/usr/bin/env python3
"""airlock and cc-safety-net side by side on the same labeled corpus (issue #13, item 8).

Usage: side_by_side.py [--corpus DIR] [--airlock BIN] [--cc-safety-net JS] [--limit N] > out.json

- airlock: `airlock policy eval --json CORPUS` on its embedded defaults (each action decided as
  `airlock check --hint` decides it, in one process: the in-process time per decision), then
  `airlock check --hint` once per action (a process per call, as a hook runs) for the latency of
  a call from the outside. The verdicts are eval's; the check calls must give the same outcome
  (they are counted and reported as `disagreements`).
- cc-safety-net (npm, pinned by scripts/setup.sh in .node): its `hook --claude-code` command, one
  process per action, with a real Claude Code PreToolUse input on stdin
  (`{"session_id", "transcript_path", "cwd", "hook_event_name": "PreToolUse", "tool_name": "Bash",
  "tool_input": {"command": HINT}}`), in a throw-away HOME and project directory. Its answer:
  `hookSpecificOutput.permissionDecision` on stdout (`deny` or `ask`: not allowed; nothing:
  allowed), or exit status 2 (blocked). A hook has no "verify" tier: a `deny` counts as a stop
  for stop recall, an `ask` does not. A hook sees one command, not the agent's earlier steps, so
  the actions' `recent` hints are not given to it.

Prints one JSON object: for each tool, recall, stop recall, false-positive rate (per family too)
and the median and p90 per-call latency. Stdlib only.
"""

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]


def tally(rows):
    """rows: (label, family, allowed, stopped). Figures per the corpus format's definitions."""

    def figures(sel):
        dangerous = [r for r in sel if r[0] in ("stop", "gate")]
        stop = [r for r in sel if r[0] == "stop"]
        ok = [r for r in sel if r[0] == "ok"]
        pct = lambda part, whole: (100.0 * part / whole) if whole else None  # noqa: E731
        return {
            "actions": len(sel),
            "dangerous": len(dangerous),
            "stop": len(stop),
            "ok": len(ok),
            "recall": pct(sum(1 for r in dangerous if not r[2]), len(dangerous)),
            "stop_recall": pct(sum(1 for r in stop if r[3]), len(stop)),
            "false_positive_rate": pct(sum(1 for r in ok if not r[2]), len(ok)),
        }

    families = sorted({r[1] for r in rows})
    return figures(rows), {f: figures([r for r in rows if r[1] == f]) for f in families}


def latency(samples_us):
    s = sorted(samples_us)
    if not s:
        return None
    return {
        "median_us": statistics.median(s),
        "p90_us": s[min(len(s) - 1, int(len(s) * 0.9))],
        "calls": len(s),
    }


def run_airlock(airlock, corpus, limit, cache):
    env = dict(os.environ, AIRLOCK_CACHE_DIR=cache)
    env.pop("AIRLOCK_POLICY", None)
    env.pop("AIRLOCK_SAFETY_MODE", None)
    out = subprocess.run(
        [airlock, "policy", "eval", "--json", str(corpus)],
        capture_output=True, text=True, env=env, check=False,
    )
    if out.returncode not in (0, 2):
        sys.exit(f"side_by_side: airlock policy eval failed ({out.returncode}): {out.stderr}")
    report = json.loads(out.stdout)
    actions = report["actions"][:limit] if limit else report["actions"]
    rows, check_us, disagreements = [], [], []
    for a in actions:
        outcome = a["outcome"]
        rows.append((a["label"], a["family"], outcome == "allow",
                     outcome in ("verify", "preview", "deny", "stop")))
        args = [airlock, "check", "--json", "--hint", a["hint"]]
        for r in a.get("recent", []):
            args += ["--recent-hint", r]
        started = time.perf_counter()
        c = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
        check_us.append((time.perf_counter() - started) * 1e6)
        got = json.loads(c.stdout)["outcome"] if c.stdout.strip() else f"error {c.returncode}"
        if got != outcome:
            disagreements.append({"at": a["at"], "eval": outcome, "check": got})
    total, families = tally(rows)
    return {
        "version": subprocess.run([airlock, "--version"], capture_output=True, text=True).stdout.strip(),
        "total": total,
        "families": families,
        "in_process": latency([a["micros"] for a in actions]),
        "per_process_call": latency(check_us),
        "disagreements": disagreements,
    }, actions


def run_cc_safety_net(js, actions):
    package = json.loads((pathlib.Path(js).parents[2] / "package.json").read_text())
    rows, call_us, answers = [], [], {}
    with tempfile.TemporaryDirectory(prefix="ccsn-") as tmp:
        tmp = pathlib.Path(tmp)
        home, project = tmp / "home", tmp / "project"
        home.mkdir()
        project.mkdir()
        # A project as a coding agent works in: a git repository with a file.
        subprocess.run(["git", "init", "-q", str(project)], check=False)
        (project / "README.md").write_text("a project\n")
        transcript = tmp / "transcript.jsonl"
        transcript.write_text("")
        env = dict(os.environ, HOME=str(home), CC_SAFETY_NET_HOME=str(home / ".cc-safety-net"),
                   CC_SAFETY_NET_AUDIT_HOME=str(home))
        for n, a in enumerate(actions):
            payload = json.dumps({
                "session_id": f"side-by-side-{n}",
                "transcript_path": str(transcript),
                "cwd": str(project),
                "hook_event_name": "PreToolUse",
                "tool_name": "Bash",
                "tool_input": {"command": a["hint"]},
            })
            started = time.perf_counter()
            out = subprocess.run(["node", js, "hook", "--claude-code"], input=payload,
                                 capture_output=True, text=True, cwd=project, env=env, check=False)
            call_us.append((time.perf_counter() - started) * 1e6)
            decision = "allow"
            if out.returncode == 2:
                decision = "deny"
            elif out.returncode != 0:
                sys.exit(f"side_by_side: cc-safety-net failed on {a['at']} ({out.returncode}): {out.stderr}")
            elif out.stdout.strip():
                answer = json.loads(out.stdout)
                decision = answer.get("hookSpecificOutput", {}).get("permissionDecision", "allow")
            answers[decision] = answers.get(decision, 0) + 1
            rows.append((a["label"], a["family"], decision == "allow", decision == "deny"))
    total, families = tally(rows)
    return {
        "version": package["version"],
        "total": total,
        "families": families,
        "per_process_call": latency(call_us),
        "answers": answers,
    }


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--corpus", default=str(ROOT / "guest-policies" / "eval"))
    p.add_argument("--airlock", default=os.environ.get("AIRLOCK_BIN", str(ROOT / "target" / "release" / "airlock")))
    p.add_argument("--cc-safety-net", default=str(ROOT / ".node" / "node_modules" / "cc-safety-net" / "dist" / "bin" / "cc-safety-net.js"))
    p.add_argument("--limit", type=int, default=0, help="only the first N actions (a quick look)")
    args = p.parse_args()
    for path, what in ((args.airlock, "airlock (cargo build --release -p airlock)"),
                       (args.cc_safety_net, "cc-safety-net (scripts/setup.sh installs it in .node)")):
        if not pathlib.Path(path).exists():
            sys.exit(f"side_by_side: {path} is missing: {what}")
    with tempfile.TemporaryDirectory(prefix="airlock-cache-") as cache:
        airlock, actions = run_airlock(args.airlock, args.corpus, args.limit, cache)
    cc = run_cc_safety_net(args.cc_safety_net, actions)
    print(json.dumps({
        "corpus": os.path.relpath(args.corpus, ROOT),
        "actions": len(actions),
        "airlock": airlock,
        "cc_safety_net": cc,
    }, indent=1))


main()
