#!/usr/bin/env python3
"""Writes BENCHMARKS.md and docs/benchmarks.svg from one run of `just bench-report`.

Usage: bench_report.py ROOT RESULTS_DIR

Reads criterion's estimates (ROOT/target/criterion/**/new/{benchmark,estimates}.json) and the
JSON the load test, the footprint tool and the Python round trip printed (RESULTS_DIR/*.json).
Nothing is typed in by hand: every figure comes from this run's files, and a figure that is
missing says so instead of showing an old one.
"""

import html
import json
import os
import pathlib
import platform
import subprocess
import sys

ROOT = pathlib.Path(sys.argv[1]).resolve()
RESULTS = pathlib.Path(sys.argv[2]).resolve()
CRITERION = ROOT / "target" / "criterion"


def load_criterion():
    """{(group, function): {"median_ns", "per_element_ns", "elements"}} for every bench."""
    out = {}
    for bench in CRITERION.glob("**/new/benchmark.json"):
        meta = json.loads(bench.read_text())
        estimates = json.loads((bench.parent / "estimates.json").read_text())
        median = estimates["median"]["point_estimate"]
        elements = (meta.get("throughput") or {}).get("Elements") or 1
        out[(meta["group_id"], meta["function_id"] or "")] = {
            "median_ns": median,
            "per_element_ns": median / elements,
            "elements": elements,
        }
    return out


def load_result(name):
    path = RESULTS / f"{name}.json"
    if not path.exists():
        return None
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError:
        return None


def fmt_ns(ns):
    if ns is None:
        return "not measured"
    if ns < 1_000:
        return f"{ns:.0f} ns"
    if ns < 1_000_000:
        return f"{ns / 1_000:.2f} us"
    if ns < 1_000_000_000:
        return f"{ns / 1_000_000:.2f} ms"
    return f"{ns / 1e9:.2f} s"


def run(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        return ""


def machine():
    cpu = ""
    for line in run(["lscpu"]).splitlines():
        if line.startswith("Model name:"):
            cpu = line.split(":", 1)[1].strip()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return {
        "cpu": cpu or platform.processor() or "unknown",
        "cores": os.cpu_count(),
        "kernel": platform.release(),
        "rustc": run(["rustc", "--version"]),
        "date": run(["date", "-u", "+%Y-%m-%d %H:%M UTC"]),
        "commit": (RESULTS / "commit.txt").read_text().strip()
        if (RESULTS / "commit.txt").exists()
        else run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"]),
        "load": f"{load:.2f}",
    }


def verdict(value, target, lower_is_better=True):
    if value is None:
        return "not measured"
    ok = value <= target if lower_is_better else value >= target
    return "met" if ok else "**missed**"


def bar_chart(rows, title):
    """A horizontal bar chart (log scale) of (label, ns) rows, as SVG text."""
    import math

    rows = [(label, ns) for label, ns in rows if ns]
    if not rows:
        return None
    width, left, bar_h, gap, top = 760, 300, 22, 8, 40
    height = top + len(rows) * (bar_h + gap) + 30
    lo = math.log10(min(ns for _, ns in rows)) - 0.3
    hi = math.log10(max(ns for _, ns in rows)) + 0.2
    scale = (width - left - 90) / (hi - lo)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="13">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="10" y="24" font-size="15" font-weight="bold">{html.escape(title)}</text>',
    ]
    for i, (label, ns) in enumerate(rows):
        y = top + i * (bar_h + gap)
        w = max(2.0, (math.log10(ns) - lo) * scale)
        colour = "#2b7a3d" if label.startswith("airlock") else "#8a8a8a"
        parts.append(
            f'<text x="{left - 8}" y="{y + 16}" text-anchor="end">{html.escape(label)}</text>'
        )
        parts.append(f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{colour}"/>')
        parts.append(f'<text x="{left + w + 6:.1f}" y="{y + 16}">{fmt_ns(ns)}</text>')
    parts.append(
        f'<text x="{left}" y="{height - 8}" fill="#555">per decision, median, log scale; '
        f"shorter is faster</text>"
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def pct(v):
    return "-" if v is None else f"{v:.1f} %"


def judgement_section(w, j):
    """airlock and cc-safety-net on the labeled corpus (benches/judgement/side_by_side.py)."""
    a, c = j["airlock"], j["cc_safety_net"]
    w("## Judgement side by side: airlock and cc-safety-net on the labeled corpus")
    w("")
    w(f"The same {j['actions']} labeled actions (`{j['corpus']}`, both splits) through airlock's embedded")
    w("defaults (`airlock policy eval --json`, each action decided as `airlock check --hint` decides")
    w(f"it) and through cc-safety-net {c['version']} (npm, its `hook --claude-code` command with a Claude")
    w("Code PreToolUse input on stdin, one process per action: `deny` or `ask` is not allowed).")
    w("Recall: dangerous actions not allowed; stop recall: catastrophic ones verified or stopped")
    w("(for the hook, denied); false positives: benign ones not allowed. Targets of issue #13:")
    w("recall >= 98 %, stop recall >= 90 %, false positives <= 2 %.")
    w("")
    w("| | recall | stop recall | false positives | per call, one process each (median) | in process (median) |")
    w("| --- | --- | --- | --- | --- | --- |")
    for name, r in ((f"airlock {a['version'].split()[-1]}", a), (f"cc-safety-net {c['version']}", c)):
        t = r["total"]
        proc = r.get("per_process_call")
        inproc = r.get("in_process")
        w(
            f"| {name} | {pct(t['recall'])} | {pct(t['stop_recall'])} | {pct(t['false_positive_rate'])} | "
            f"{fmt_ns(proc['median_us'] * 1000) if proc else 'not measured'} | "
            f"{fmt_ns(inproc['median_us'] * 1000) if inproc else 'not measured'} |"
        )
    w("")
    w("Per family (recall / stop recall / false positives):")
    w("")
    w("| family | actions | airlock | cc-safety-net |")
    w("| --- | --- | --- | --- |")
    for fam, fa in a["families"].items():
        fc = c["families"].get(fam, {})
        w(
            f"| {fam} | {fa['actions']} | {pct(fa['recall'])} / {pct(fa['stop_recall'])} / "
            f"{pct(fa['false_positive_rate'])} | {pct(fc.get('recall'))} / {pct(fc.get('stop_recall'))} / "
            f"{pct(fc.get('false_positive_rate'))} |"
        )
    w("")
    agree = len(a.get("disagreements", []))
    w(
        f"`airlock check --hint`, one process per action, gave the outcome `policy eval` gave for "
        f"{j['actions'] - agree} of {j['actions']} actions. A hook sees one command: the actions' "
        f"earlier steps (`recent`) reach airlock, not cc-safety-net, and plain-language actions go "
        f"to the hook as the command text. The per-call time of a process includes its start-up "
        f"(node for the hook, the precompiled components for airlock)."
    )
    w("")


def main():
    c = load_criterion()
    m = machine()
    load = load_result("loadtest")
    reload = load_result("loadtest-reload")
    footprint = load_result("footprint")
    first_start = load_result("first-start")
    python = load_result("python-roundtrip")
    agreement = load_result("agreement")
    judgement = load_result("side-by-side")
    hook = load_result("hook-latency")

    def ns(group, function):
        row = c.get((group, function))
        return row["per_element_ns"] if row else None

    out = []
    w = out.append
    w("# Benchmarks")
    w("")
    w("Generated by `just bench-report` (scripts/bench-report.sh, scripts/bench_report.py) from one")
    w("run on one machine: every figure below comes from that run's files. The machine is shared")
    w("and noisy; compare the ratios, which were measured in the same run, more than absolute")
    w("numbers across runs.")
    w("")
    w("| | |")
    w("| --- | --- |")
    w(f"| CPU | {m['cpu']}, {m['cores']} cores |")
    w(f"| kernel | {m['kernel']} |")
    w(f"| compiler | {m['rustc']} |")
    w(f"| commit | {m['commit']} |")
    w(f"| date | {m['date']} |")
    w(f"| load average when the report was written | {m['load']} |")
    w("")

    # The targets of issue #6.
    pipeline = ns("step", "allowed")
    monitoring = ns("step", "monitoring-corpus")
    gate = ns("native_gate", "full_corpus")
    both_stages = ns("peers_hints", "airlock-wasm-pipeline")
    stages_only = ns("step", "allowed-stages-only")
    light = ns("step", "allowed-below-danger-2")
    w("## Targets")
    w("")
    w("| target | measured | goal | |")
    w("| --- | --- | --- | --- |")
    w(
        f"| full pipeline, `record_execution_step` in process, allowed actions (enforcing, both "
        f"default stages, reuse; the few of danger >= 2 are audited durably first, an fsync each) "
        f"| {fmt_ns(pipeline)} | <= 2 us | {verdict(pipeline, 2000)} |"
    )
    w(
        f"| the same, allowed actions below danger 2 (no durable write before the answer) "
        f"| {fmt_ns(light)} | <= 2 us | {verdict(light, 2000)} |"
    )
    w(
        f"| the same actions through both default WASM stages alone (`PolicySet::evaluate`) "
        f"| {fmt_ns(stages_only)} | <= 2 us | {verdict(stages_only, 2000)} |"
    )
    w(
        f"| both default WASM stages over every hint of the corpus (the peer comparison's "
        f"airlock row) | {fmt_ns(both_stages)} | <= 2 us | {verdict(both_stages, 2000)} |"
    )
    w(
        f"| `record_execution_step` over the whole hint corpus in monitoring mode (every stage; "
        f"entries of danger >= 2 are durable audit writes) | {fmt_ns(monitoring)} | reported | |"
    )
    w(f"| native gate, per decision | {fmt_ns(gate)} | <= 300 ns | {verdict(gate, 300)} |")
    for peer, factor in (("cedar", 5), ("regorus", 25)):
        peer_ns = ns("peers_hints", peer)
        if peer_ns and both_stages:
            ratio = peer_ns / both_stages
            w(
                f"| airlock's WASM path vs {peer} on the corpus | {ratio:.1f}x faster | >= {factor}x "
                f"| {verdict(ratio, factor, lower_is_better=False)} |"
            )
        else:
            w(f"| airlock's WASM path vs {peer} | not measured | >= {factor}x | not measured |")
    if load:
        w(
            f"| `/v1/decide` throughput | {load['per_second']:.0f}/s | >= 30,000/s | "
            f"{verdict(load['per_second'], 30000, lower_is_better=False)} |"
        )
        w(
            f"| `/v1/decide` p99 latency | {load['p99_us'] / 1000:.2f} ms | <= 2 ms | "
            f"{verdict(load['p99_us'], 2000)} |"
        )
    if reload:
        w(
            f"| failed requests during hot reloads ({reload['reloads_seen']} reloads) | "
            f"{reload['failed']} | 0 | {verdict(reload['failed'], 0)} |"
        )
    if python:
        w(
            f"| dongle round trip, Python client: airlock / echo server | {python['ratio']:.2f} "
            f"({python['airlock_own_us']:.0f} us of airlock's own) | <= 1.2 | "
            f"{verdict(python['ratio'], 1.2)} |"
        )
    if footprint:
        rss = footprint["http_idle_rss_mib"]["median"]
        first = footprint["http_first_decision_ms"]["median"]
        serve = footprint["serve_first_tools_list_ms"]["median"]
        w(f"| RSS idle, default policy | {rss:.1f} MiB | <= 64 MiB | {verdict(rss, 64)} |")
        w(
            f"| cold start to the first decision (precompile cache warm) | {first:.0f} ms | "
            f"<= 200 ms | {verdict(first, 200)} |"
        )
        w(
            f"| `airlock serve` start to the first tools/list | {serve:.0f} ms | <= 200 ms | "
            f"{verdict(serve, 200)} |"
        )
    if first_start:
        fs = first_start["first_start"]["median_ms"]
        w(
            f"| first decision after installing (`airlock check --hint`, empty component cache) | "
            f"{fs:.0f} ms | <= 200 ms | {verdict(fs, 200)} |"
        )
    if hook:
        med = hook["standalone_ms"]["median"]
        w(
            f"| `airlock hook claude-code` per tool call, a fresh process (median of "
            f"{hook['standalone_ms']['runs']}, no airlock running) | {med:.1f} ms | <= 10 ms | "
            f"{verdict(med, 10)} |"
        )
        peer = hook.get("cc_safety_net_ms")
        if peer:
            w(
                f"| the same call through the peer hook cc-safety-net (same input, same run) | "
                f"{peer['median']:.1f} ms: airlock {peer['median'] / med:.0f}x faster | reported | |"
            )
    fresh = ns("lookup", "fresh")
    purged = ns("lookup", "after-a-million-purged")
    if fresh and purged:
        ratio = purged / fresh
        w(
            f"| a lookup in the store after a million expired records were purged, vs the same "
            f"live records in a fresh store (same run) | {fmt_ns(purged)} vs {fmt_ns(fresh)}: "
            f"{ratio:.2f}x | <= 2x | {verdict(ratio, 2)} |"
        )
    stop = ns("step", "stop")
    durable = ns("redb", "put-block/durable")
    lazy = ns("redb", "put-block/lazy")
    w(
        f"| durable commit (reported; paid by stops and by actions of danger >= 2) | stop step {fmt_ns(stop)}, "
        f"redb durable put {fmt_ns(durable)} vs lazy {fmt_ns(lazy)} | report | reported |"
    )
    w("")

    # Peers.
    chart = []
    for group, title in (("peers_hints", "hints (nextActionHint)"), ("peers_operations", "structured operations")):
        peers = sorted(
            ((f, row["per_element_ns"]) for (g, f), row in c.items() if g == group),
            key=lambda r: r[1],
        )
        if not peers:
            continue
        if not chart:
            w("## Side by side: the same policy, the same corpus")
            w("")
            w("The policy is the specification's deny / requiresApproval / autoApprove globs with the")
            w("command globs as explicit configuration, the section 6 danger name patterns on the")
            w("operations a hint runs (call position), and auto-approval of a whole single action only,")
            w("written once per engine (`benches/policies/`; stated in words in docs/performance.md);")
            w("the corpus is 10,000 seeded actions, half hints and half operations")
            w("(`benches/src/actions.rs`). Each engine builds its own request from the action inside")
            w("the timed loop (Cedar's includes the preparation of the facts it cannot compute itself).")
            w("")
            if agreement and agreement.get("passed"):
                w(
                    f"Every engine gave the same verdict for all {agreement['actions']} actions of "
                    f"the corpus (seed {agreement['seed']}) in this run: `cargo test -p "
                    f"airlock-benches --test peers_agree`."
                )
            else:
                w("The agreement check did not pass in this run: the ratios below are not comparable.")
            w("")
        airlock_best = min(v for f, v in peers if f.startswith("airlock"))
        w(f"**{title}**")
        w("")
        w("| engine | per decision (median) | cost vs airlock's fastest path |")
        w("| --- | --- | --- |")
        for f, v in peers:
            w(f"| {f} | {fmt_ns(v)} | {v / airlock_best:.1f}x |")
        w("")
        chart.extend((f"{f} ({title.split(' ')[0]})", v) for f, v in peers)
    if chart:
        svg = bar_chart(chart, "Per-decision cost on the shared corpus")
        (ROOT / "docs" / "benchmarks.svg").write_text(svg)
        w("![per-decision cost by engine and input kind](docs/benchmarks.svg)")
        w("")

    if judgement:
        judgement_section(w, judgement)

    if load or reload:
        w("## Load: `/v1/decide` under wrk")
        w("")
        w("| run | requests/s | p50 | p99 | p99.9 | max | failed | reloads | RSS before -> after |")
        w("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for name, r in (("steady", load), ("policy rewritten every second", reload)):
            if not r:
                continue
            rss_idle = (r.get("rss_idle_bytes") or 0) / 2**20
            rss_after = (r.get("rss_after_bytes") or 0) / 2**20
            w(
                f"| {name} ({r['connections']} connections, {r['duration_us'] / 1e6:.0f} s) | "
                f"{r['per_second']:.0f} | {r['p50_us'] / 1000:.2f} ms | {r['p99_us'] / 1000:.2f} ms | "
                f"{r['p999_us'] / 1000:.2f} ms | {r['max_us'] / 1000:.2f} ms | {r['failed']} | "
                f"{r['reloads_seen']} | {rss_idle:.1f} -> {rss_after:.1f} MiB |"
            )
        w("")
        w("wrk and airlock share the machine's cores, so the server gets what the load generator")
        w("leaves; the request mix is in `benches/src/bin/loadtest.rs`.")
        w("")

    if python:
        w("## The dongle over stdio, Python `mcp` client")
        w("")
        w("Both servers run side by side and the calls alternate, one of each in turn (after 50 of")
        w("each to warm up), so a load that comes or goes during the run shifts both medians alike.")
        w("")
        w("| server | median | p99 | calls |")
        w("| --- | --- | --- | --- |")
        for name, key in (("echo-mcp (transport floor)", "echo"), ("airlock serve, record_execution_step", "record_execution_step")):
            r = python[key]
            w(f"| {name} | {r['median_us']:.0f} us | {r['p99_us']:.0f} us | {r['calls']} |")
        w("")
        w(f"`airlock serve` start-up to the first tools/list answer, this client: "
          f"{python['startup_first_tools_list']['median_ms']:.0f} ms (median).")
        w("")

    if hook:
        w("## Agent-host hooks: `airlock hook`, a fresh process per tool call")
        w("")
        w("Claude Code's PreToolUse JSON for `git status` on standard input, the answer read from")
        w("standard output, as the host runs it (`benches/src/bin/hook_latency.rs`).")
        w("")
        w("| path | median | p90 | p99 | calls |")
        w("| --- | --- | --- | --- | --- |")
        for name, key in (
            ("no airlock running: the hook opens the state, loads the policy from the precompile cache, audits durably", "standalone_ms"),
            ("an `airlock http` owns the state: the hook forwards over agent.sock", "forwarded_ms"),
            ("the peer hook `cc-safety-net hook --claude-code` (npm), the same input, a fresh `node` per call", "cc_safety_net_ms"),
        ):
            r = hook.get(key)
            if not r:
                continue
            w(f"| {name} | {r['median']:.1f} ms | {r['p90']:.1f} ms | {r['p99']:.1f} ms | {r['runs']} |")
        w("")
        w(f"The first call with an empty precompile cache (on x86-64 Linux the built-ins' precompiled code is written to it; elsewhere both are compiled): "
          f"{hook['first_uncached_ms']:.0f} ms; the first call on a fresh state directory with the cache "
          f"filled: {hook['first_cached_ms']:.1f} ms.")
        w("")

    if footprint:
        w("## Start-up and memory")
        w("")
        w(f"- `airlock http` listening: {footprint['http_listening_ms']['median']:.0f} ms; first decision: "
          f"{footprint['http_first_decision_ms']['median']:.0f} ms with the precompile cache warm, "
          f"{footprint['http_first_decision_uncached_ms']:.0f} ms with an empty cache (the built-ins' precompiled code written to it on x86-64 Linux, compiled elsewhere).")
        w(f"- RSS idle after the first decision: {footprint['http_idle_rss_mib']['median']:.1f} MiB.")
        w(f"- `airlock serve` to the first tools/list (rmcp client): {footprint['serve_first_tools_list_ms']['median']:.0f} ms.")
        w(f"- medians of {footprint['runs']} runs each.")
        w("")

    if first_start:
        w("## First start")
        w("")
        w(f"`airlock check --hint {first_start['hint']!r}` as a new process, wall clock, "
          f"{first_start['runs']} runs each (load average {first_start['load_average']:.1f} when it ended):")
        w("")
        w(f"- empty component cache, as right after installing (x86-64 Linux: the built-ins are precompiled in the binary; elsewhere both are compiled): "
          f"median {first_start['first_start']['median_ms']:.0f} ms, best {first_start['first_start']['min_ms']:.0f} ms;")
        w(f"- component cache warm: median {first_start['cached_start']['median_ms']:.0f} ms, "
          f"best {first_start['cached_start']['min_ms']:.0f} ms.")
        w("")

    w("## Every criterion figure of this run")
    w("")
    w("| group | bench | median | per element |")
    w("| --- | --- | --- | --- |")
    for (g, f), row in sorted(c.items()):
        per = fmt_ns(row["per_element_ns"]) if row["elements"] > 1 else ""
        w(f"| {g} | {f} | {fmt_ns(row['median_ns'])} | {per} |")
    w("")
    w("## How to run")
    w("")
    w("```console")
    w("just bench-report           # everything above, about 15 minutes")
    w("just bench                  # the criterion benches only")
    w("cargo bench -p airlock-benches --bench peers      # one criterion bench (gate, peers, pipeline, store, decide_http, mcp_stdio)")
    w("cargo bench -p airlock-wasm --bench stages        # each WebAssembly stage, reuse and fresh")
    w("cargo test --release -p airlock-benches --test peers_agree   # the engines agree on the corpus")
    w("cargo run --release -p airlock-benches --bin loadtest -- --seconds 30 --reload")
    w("cargo run --release -p airlock-benches --bin footprint")
    w("python3 benches/python/first_start.py target/release/airlock   # first start, empty and warm cache")
    w("cargo run --release -p airlock-benches --bin hook_latency -- --runs 200")
    w(".venv/bin/python benches/python/roundtrip.py target/release/airlock target/release/echo-mcp")
    w("python3 benches/judgement/side_by_side.py > side-by-side.json   # airlock and cc-safety-net on the corpus")
    w("target/release/airlock policy eval guest-policies/eval          # airlock's figures and misses")
    w("```")
    w("")
    (ROOT / "BENCHMARKS.md").write_text("\n".join(out))
    print(f"wrote {ROOT / 'BENCHMARKS.md'}")


main()
