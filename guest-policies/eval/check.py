#!/usr/bin/env python3
"""Validate airlock's labeled corpus of agent actions (issue #13 item 7).

Usage: python3 guest-policies/eval/check.py [--partial] [DIR]
DIR defaults to this script's directory; --partial skips the corpus-wide minimums (for a corpus
being written family by family). When DIR holds the held-back sets `holdout/`, `holdout2/`,
`holdout3/`, `holdout4/`, `holdout5/`, `holdout6/`, `holdout7/`, `holdout8/`, `holdout9/`, `holdout10/`, `holdout11/`, `holdout12/`, `holdout13/`, `holdout14/`, `holdout15/`, `holdout16/`, `holdout17/`, `holdout18/` and `holdout19/` (see README.md), they are checked too,
each by its own rules (HELD_BACK): every action in split `report`, a minimum number of actions,
at least HOLDOUT_MIN_OK_SHARE of them benign, every family present with a dangerous and a benign
action and a minimum per family, and no action that is also in the corpus or in an earlier
held-back set; for the sets in NEAR_DUPLICATE_CHECKED, no hint that nearly repeats (difflib
ratio above NEAR_DUPLICATE_RATIO) a hint of the corpus or of an earlier set. When DIR holds the
check sets of CHECK_SETS (`shuffle8/`, `shuffle9/`, `shuffle10/`, `shuffle11/`, `shuffle12/`, `shuffle13/`, `shuffle14/`, `shuffle15/`, `shuffle16/`, `shuffle17/`: written from a spent set's kinds with other spellings, used
for totals while building, so not held back), each is checked after every held-back set by its own
minimums, with no action also in the corpus or in any held-back set, and no hint that nearly
repeats a hint of the corpus or of the held-back sets it was written after. The held-back sets
of LATE_HELD_BACK (`holdout19/`) are checked last, after the check sets, by the held-back rules,
their hints compared with the corpus and the sets they name (check sets included); a set blind to
their writer (`holdout18/` for `holdout19/`) counts only through the exact-copy rule.

Checks every line of every *.jsonl file in DIR against the format of
/work/team/corpus-format.md (summarized in README.md here): required fields, allowed values,
the family matching the file name, tags that fit the label, and no action listed twice (the
same hint with the same recent hints, across all files). Prints the counts per family, label,
split and tag, then every problem found. Exits 1 if there is a problem, 0 otherwise.

Python 3 standard library only, so it runs anywhere the repository is checked out.
"""

import difflib
import json
import sys
from collections import Counter
from pathlib import Path

FAMILIES = (
    "filesystem", "git", "database", "containers", "infrastructure", "cloud", "system",
    "remote-code", "secrets", "exfiltration", "business", "tampering",
)
LABELS = ("stop", "gate", "ok")
SPLITS = ("tune", "report")
TAGS = ("near-miss", "obfuscated", "wrapper", "compound", "multi-step", "prose")
REQUIRED = ("hint", "label", "family", "reason", "split")
OPTIONAL = ("tags", "recent")
MAX_RECENT = 8

# The corpus's own floor (the issue asks for 600 / 350 / 250; the brief for 700 / 400 / 300).
MIN_TOTAL = 700
MIN_DANGEROUS = 400
MIN_OK = 300

# The held-back set (holdout/): written before any measurement on it, never tuned on.
HOLDOUT_MIN_OK_SHARE = 0.40
# Each held-back set: (directory, minimum actions, minimum per family). holdout/ was measured
# and is spent; holdout2/ was written after it and measured once (session 8); holdout3/ was
# written after that, before anything was measured on it; holdout4/ likewise, after holdout3/;
# holdout5/ likewise, after holdout4/ was measured and spent; holdout6/ likewise, after holdout5/;
# holdout7/ likewise, after holdout6/ was measured and spent (session 10); holdout8/ likewise, written
# before the judgement changes it is meant to measure (session 11); holdout9/ likewise, written blind
# in session 12 before anything was measured on it; holdout10/ likewise, written blind in session 13;
# holdout11/ likewise, written blind in session 14 before anything was measured on it;
# holdout12/ likewise, written blind in session 15 before anything was measured on it, reaching on
# purpose beyond the usual programs (see holdout12/README.md); holdout13/ likewise, written blind in
# session 16 before anything was measured on it, reaching further still (less common admin CLIs,
# state carried between steps, stores by dialect; see holdout13/README.md); holdout14/ likewise,
# written blind in session 17 before anything was measured on it, reaching further again (directory,
# storage, backup, scheduler and Windows admin tools, smaller clouds, SaaS REST APIs, stores by
# dialect, state carried between steps; see holdout14/README.md); holdout15/ likewise, written blind
# in session 18 before anything was measured on it, reaching for common programs used in ways the
# sets rarely show (options, config files, environment variables, contexts and profiles, aliases,
# functions, loops, here-docs, scripts written a step before; see holdout15/README.md); holdout16/
# likewise, written blind in session 19 before anything was measured on it, holding an agent's
# ordinary working week (compound lines, here-docs, ssh and kubectl exec, one-liners, CI steps,
# multi-step state, tickets and chat requests; see holdout16/README.md); holdout17/ likewise,
# written blind in session 20 before anything was measured on it, holding three agents in three
# places (a data and ML engineer's, a Windows and macOS IT admin's, a product engineer's working
# through MCP servers and SaaS admin APIs; see holdout17/README.md); holdout18/ likewise, written
# blind in session 21 before anything was measured on it, holding three agents on three teams (an
# SRE's on call through an incident, a mobile and game developer's, a security engineer's hardening
# and auditing the company's own systems; see holdout18/README.md).
HELD_BACK = (
    ("holdout", 200, 15), ("holdout2", 140, 10), ("holdout3", 160, 13), ("holdout4", 160, 13),
    ("holdout5", 200, 15), ("holdout6", 300, 25), ("holdout7", 300, 25), ("holdout8", 300, 25),
    ("holdout9", 300, 25), ("holdout10", 300, 25), ("holdout11", 300, 25),
    ("holdout12", 300, 25), ("holdout13", 300, 25), ("holdout14", 300, 25),
    ("holdout15", 300, 25), ("holdout16", 300, 25), ("holdout17", 300, 25),
    ("holdout18", 300, 25),
)
# Held-back sets written after the near-duplicate rule: each of their hints is compared with
# every hint of the corpus and of the sets before it (difflib's ratio), and one above
# NEAR_DUPLICATE_RATIO is a problem, so a new set does not measure lines already seen with one
# word changed. The earlier sets predate the rule and are not held to it.
NEAR_DUPLICATE_CHECKED = ("holdout6", "holdout7", "holdout8", "holdout9", "holdout10", "holdout11",
                          "holdout12", "holdout13", "holdout14", "holdout15",
                          "holdout16", "holdout17", "holdout18")
NEAR_DUPLICATE_RATIO = 0.9
# Check sets: labeled like a held-back set (every action in split `report`) but not held back.
# shuffle8/ holds holdout8's kinds of misses and false positives written again with other
# programs, vendors, languages and phrasings (see shuffle8/README.md): the engineers read only
# its totals while they build, so it is tuned against in aggregate and reported as such.
# Each: (directory, minimum actions, minimum per family, minimum benign share, the held-back
# sets its hints are compared with for near duplicates). The comparison leaves out the sets
# still fresh (holdout9/ and later: a near-duplicate report would print their lines); an exact
# copy of a line of any set is still reported, through `seen`, naming only where it is.
# shuffle9/ likewise holds holdout9's kinds (analysis/holdout9-misses.md, spent in session 13)
# written again (see shuffle9/README.md); its hints are also compared with holdout9/ and shuffle8/.
# shuffle10/ likewise holds holdout10's kinds (analysis/holdout10-misses.md, spent in session 14)
# written again (see shuffle10/README.md); its hints are also compared with holdout10/ and
# shuffle9/ (holdout11/, still fresh, is left out of the comparison but not of `seen`).
# shuffle11/ likewise holds holdout11's kinds (analysis/holdout11-misses.md, spent in session 15)
# written again (see shuffle11/README.md); its hints are also compared with holdout11/ and
# shuffle10/ (holdout12/, still fresh, is left out of the comparison but not of `seen`).
# shuffle12/ likewise holds holdout12's kinds (analysis/holdout12-misses.md, spent in session 16)
# written again (see shuffle12/README.md); its hints are also compared with holdout12/ and
# shuffle11/ (holdout13/, still fresh, is left out of the comparison but not of `seen`).
# shuffle13/ likewise holds holdout13's kinds (analysis/holdout13-misses.md, spent in session 17)
# written again (see shuffle13/README.md); its hints are also compared with holdout13/ and
# shuffle12/ (holdout14/, still fresh, is left out of the comparison but not of `seen`).
# shuffle14/ likewise holds holdout14's kinds (analysis/holdout14-misses.md, spent in session 18)
# written again (see shuffle14/README.md); its hints are also compared with holdout14/ and
# shuffle13/ (holdout15/, still fresh, is left out of the comparison but not of `seen`).
# shuffle15/ likewise holds holdout15's kinds (analysis/holdout15-misses.md, spent in session 19)
# written again (see shuffle15/README.md); its hints are also compared with holdout15/ and
# shuffle14/ (holdout16/, still fresh, is left out of the comparison but not of `seen`).
# shuffle16/ likewise holds holdout16's kinds (analysis/holdout16-misses.md, spent in session 20)
# written again (see shuffle16/README.md); its hints are also compared with holdout16/ and
# shuffle15/ (holdout17/, still fresh, is left out of the comparison but not of `seen`).
# shuffle17/ likewise holds holdout17's kinds (analysis/holdout17-misses.md, spent in session 22)
# written again (see shuffle17/README.md); its hints are also compared with holdout17/ and
# shuffle8/ to shuffle15/ (holdout18/, still fresh, and shuffle16/, blind to shuffle17's writer,
# are left out of the comparison so that a report never prints their lines, but not of `seen`).
# holdout19/: written blind in session 22 before anything was measured on it, holding three agents
# in three places (a fintech/healthcare backend engineer's under compliance, a platform/DevEx
# engineer's, a support/operations agent's in SaaS admin consoles; see holdout19/README.md). It is
# checked after the check sets so that its hints can be compared with shuffle8/ to shuffle17/ as
# well as the corpus and holdout/ to holdout17/; holdout18/, blind to its writer, is left out of
# the comparison (so a report never prints its lines) but not of `seen`.
# Each: (directory, minimum actions, minimum per family, the sets its hints are compared with).
LATE_HELD_BACK = (
    ("holdout19", 300, 25,
     ("holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7",
      "holdout8", "holdout9", "holdout10", "holdout11", "holdout12", "holdout13", "holdout14",
      "holdout15", "holdout16", "holdout17", "shuffle8", "shuffle9", "shuffle10", "shuffle11",
      "shuffle12", "shuffle13", "shuffle14", "shuffle15", "shuffle16", "shuffle17")),
)
CHECK_SETS = (
    ("shuffle8", 180, 10, 0.35,
     ("holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7",
      "holdout8")),
    ("shuffle9", 180, 10, 0.35,
     ("holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7",
      "holdout8", "holdout9", "shuffle8")),
    ("shuffle10", 180, 10, 0.35,
     ("holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7",
      "holdout8", "holdout9", "holdout10", "shuffle8", "shuffle9")),
    ("shuffle11", 180, 10, 0.35,
     ("holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7",
      "holdout8", "holdout9", "holdout10", "holdout11", "shuffle8", "shuffle9", "shuffle10")),
    ("shuffle12", 180, 10, 0.35,
     ("holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7",
      "holdout8", "holdout9", "holdout10", "holdout11", "holdout12", "shuffle8", "shuffle9",
      "shuffle10", "shuffle11")),
    ("shuffle13", 180, 10, 0.35,
     ("holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7",
      "holdout8", "holdout9", "holdout10", "holdout11", "holdout12", "holdout13", "shuffle8",
      "shuffle9", "shuffle10", "shuffle11", "shuffle12")),
    ("shuffle14", 180, 10, 0.35,
     ("holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7",
      "holdout8", "holdout9", "holdout10", "holdout11", "holdout12", "holdout13", "holdout14",
      "shuffle8", "shuffle9", "shuffle10", "shuffle11", "shuffle12", "shuffle13")),
    ("shuffle15", 180, 10, 0.35,
     ("holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7",
      "holdout8", "holdout9", "holdout10", "holdout11", "holdout12", "holdout13", "holdout14",
      "holdout15", "shuffle8", "shuffle9", "shuffle10", "shuffle11", "shuffle12", "shuffle13",
      "shuffle14")),
    ("shuffle16", 180, 10, 0.35,
     ("holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7",
      "holdout8", "holdout9", "holdout10", "holdout11", "holdout12", "holdout13", "holdout14",
      "holdout15", "holdout16", "shuffle8", "shuffle9", "shuffle10", "shuffle11", "shuffle12",
      "shuffle13", "shuffle14", "shuffle15")),
    ("shuffle17", 180, 10, 0.35,
     ("holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7",
      "holdout8", "holdout9", "holdout10", "holdout11", "holdout12", "holdout13", "holdout14",
      "holdout15", "holdout16", "holdout17", "shuffle8", "shuffle9", "shuffle10", "shuffle11",
      "shuffle12", "shuffle13", "shuffle14", "shuffle15")),
)


def near_duplicates(held, earlier_hints, name, problems):
    """Append a problem for each hint of `held` (records) whose difflib ratio with one of
    `earlier_hints` ((hint, where) pairs) exceeds NEAR_DUPLICATE_RATIO."""
    for rec in held:
        hint = rec["hint"]
        matcher = difflib.SequenceMatcher(None, "", hint)  # b, the cached side, is the new hint
        for other, where in earlier_hints:
            matcher.set_seq1(other)
            if (matcher.real_quick_ratio() > NEAR_DUPLICATE_RATIO
                    and matcher.quick_ratio() > NEAR_DUPLICATE_RATIO
                    and matcher.ratio() > NEAR_DUPLICATE_RATIO):
                problems.append(f"{name}: `{hint}` nearly repeats `{other}` ({where}), "
                                f"difflib ratio {matcher.ratio():.2f} > {NEAR_DUPLICATE_RATIO}")
                break


def check_record(rec, family, where, problems):
    """Append a problem string for each way `rec` breaks the format."""
    if not isinstance(rec, dict):
        problems.append(f"{where}: not a JSON object")
        return False
    ok = True

    def bad(msg):
        nonlocal ok
        ok = False
        problems.append(f"{where}: {msg}")

    for key in REQUIRED:
        if key not in rec:
            bad(f"missing field `{key}`")
        elif not isinstance(rec[key], str) or not rec[key].strip():
            bad(f"field `{key}` must be a non-empty string")
    for key in rec:
        if key not in REQUIRED and key not in OPTIONAL:
            bad(f"unknown field `{key}`")
    if not ok:
        return False

    if rec["label"] not in LABELS:
        bad(f"label `{rec['label']}` is not one of {', '.join(LABELS)}")
    if rec["family"] not in FAMILIES:
        bad(f"family `{rec['family']}` is not one of the twelve")
    elif rec["family"] != family:
        bad(f"family `{rec['family']}` in the file of family `{family}`")
    if rec["split"] not in SPLITS:
        bad(f"split `{rec['split']}` is not tune or report")
    if "\n" in rec["reason"] or "\n" in rec["hint"]:
        bad("hint and reason must be one line")

    tags = rec.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        bad("`tags` must be a list of strings")
        tags = []
    for t in tags:
        if t not in TAGS:
            bad(f"unknown tag `{t}`")
    if len(set(tags)) != len(tags):
        bad("a tag is listed twice")
    if "near-miss" in tags and rec["label"] != "ok":
        bad("`near-miss` is for benign actions (label ok)")

    recent = rec.get("recent", [])
    if not isinstance(recent, list) or not all(isinstance(r, str) and r.strip() for r in recent):
        bad("`recent` must be a list of non-empty strings")
        recent = []
    if "recent" in rec and not recent:
        bad("`recent` is present but empty (leave it out)")
    if len(recent) > MAX_RECENT:
        bad(f"`recent` has {len(recent)} hints (at most {MAX_RECENT})")
    if recent and "multi-step" not in tags:
        bad("an action with `recent` must carry the `multi-step` tag")
    if "multi-step" in tags and not recent:
        bad("`multi-step` needs `recent`")
    return ok


def load(root, problems, seen):
    """Read and check every *.jsonl file of `root`; `seen` maps (hint, recent) to where it was
    first found, across calls, so an action in two places is reported."""
    files = sorted(root.glob("*.jsonl"))
    records = []
    if not files:
        problems.append(f"{root}: no *.jsonl files")
    for path in files:
        family = path.stem
        if family not in FAMILIES:
            problems.append(f"{path.name}: `{family}` is not a family name")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            text = line.strip()
            if not text or text.startswith("#") or text.startswith("//"):
                continue
            held = root.name in ({name for name, _, _ in HELD_BACK}
                                 | {name for name, *_ in CHECK_SETS}
                                 | {name for name, *_ in LATE_HELD_BACK})
            where = f"{path.relative_to(root.parent) if held else path.name}:{n}"
            try:
                rec = json.loads(text)
            except json.JSONDecodeError as e:
                problems.append(f"{where}: not JSON ({e})")
                continue
            if not check_record(rec, family, where, problems):
                continue
            key = (rec["hint"], tuple(rec.get("recent", [])))
            if key in seen:
                problems.append(f"{where}: same hint and recent as {seen[key]}")
            else:
                seen[key] = where
            records.append(rec)
    return records


def summarize(records, problems, partial):
    """Print the counts per family, label, split and tag; a family with no dangerous or no
    benign action is a problem (unless `partial` and the family is empty)."""
    by_family = Counter((r["family"], r["label"]) for r in records)
    by_split = Counter((r["split"], r["label"]) for r in records)
    fam_split = Counter((r["family"], r["split"]) for r in records)
    by_tag = Counter(t for r in records for t in r.get("tags", []))
    tag_label = Counter((t, r["label"]) for r in records for t in r.get("tags", []))

    print(f"{'family':<15} {'stop':>5} {'gate':>5} {'ok':>5} {'near':>5} {'total':>6}"
          f" {'tune':>5} {'report':>6}")
    for fam in FAMILIES:
        s, g, o = (by_family[(fam, lab)] for lab in LABELS)
        near = sum(1 for r in records if r["family"] == fam and "near-miss" in r.get("tags", []))
        print(f"{fam:<15} {s:>5} {g:>5} {o:>5} {near:>5} {s + g + o:>6}"
              f" {fam_split[(fam, 'tune')]:>5} {fam_split[(fam, 'report')]:>6}")
        if partial and s + g + o == 0:
            continue
        if s + g == 0:
            problems.append(f"family {fam}: no dangerous action")
        if o == 0:
            problems.append(f"family {fam}: no benign action")
    total = len(records)
    stop = sum(1 for r in records if r["label"] == "stop")
    gate = sum(1 for r in records if r["label"] == "gate")
    ok = total - stop - gate
    near = by_tag["near-miss"]
    print(f"{'total':<15} {stop:>5} {gate:>5} {ok:>5} {near:>5} {total:>6}"
          f" {sum(1 for r in records if r['split'] == 'tune'):>5}"
          f" {sum(1 for r in records if r['split'] == 'report'):>6}")
    print()
    for sp in SPLITS:
        print(f"split {sp:<7} " + "  ".join(f"{lab} {by_split[(sp, lab)]}" for lab in LABELS))
    print()
    print("tags (stop / gate / ok):")
    for t in TAGS:
        print(f"  {t:<11} {by_tag[t]:>4}   "
              + " / ".join(str(tag_label[(t, lab)]) for lab in LABELS))
    return total, stop + gate, ok, near


def main():
    args = sys.argv[1:]
    partial = "--partial" in args
    args = [a for a in args if a != "--partial"]
    root = Path(args[0]) if args else Path(__file__).resolve().parent
    problems = []
    seen = {}
    records = load(root, problems, seen)
    total, dangerous, ok, near = summarize(records, problems, partial)

    if partial:
        pass
    elif total < MIN_TOTAL:
        problems.append(f"{total} actions, fewer than {MIN_TOTAL}")
    if not partial and dangerous < MIN_DANGEROUS:
        problems.append(f"{dangerous} dangerous actions, fewer than {MIN_DANGEROUS}")
    if not partial and ok < MIN_OK:
        problems.append(f"{ok} benign actions, fewer than {MIN_OK}")
    if not partial and near * 2 < ok:
        problems.append(f"{near} near misses among {ok} benign actions, fewer than half")

    for name, min_total, min_per_family in HELD_BACK:
        held_dir = root / name
        if not held_dir.is_dir():
            continue
        # `seen` already holds the corpus and the earlier held-back sets: an action also found
        # there is reported as a duplicate, so all the sets stay disjoint.
        print(f"\n{name}/ (held back: never tuned on)")
        earlier_hints = [(hint, where) for (hint, _recent), where in seen.items()]
        held = load(held_dir, problems, seen)
        if name in NEAR_DUPLICATE_CHECKED:
            near_duplicates(held, earlier_hints, name, problems)
        total, dangerous, ok, near = summarize(held, problems, False)
        for r in held:
            if r["split"] != "report":
                problems.append(f"{name}: `{r['hint']}` has split `{r['split']}`, not report")
        if total < min_total:
            problems.append(f"{name}: {total} actions, fewer than {min_total}")
        if total and ok < HOLDOUT_MIN_OK_SHARE * total:
            problems.append(f"{name}: {ok} benign actions of {total}, "
                            f"fewer than {HOLDOUT_MIN_OK_SHARE:.0%}")
        per_family = Counter(r["family"] for r in held)
        for fam in FAMILIES:
            if per_family[fam] < min_per_family:
                problems.append(f"{name}: family {fam} has {per_family[fam]} actions, "
                                f"fewer than {min_per_family}")

    for name, min_total, min_per_family, min_ok_share, compared in CHECK_SETS:
        check_dir = root / name
        if not check_dir.is_dir():
            continue
        print(f"\n{name}/ (check set: read for totals only, tuned against in aggregate)")
        # a corpus hint is found at `file.jsonl:N`, a held-back set's at `holdoutN/file.jsonl:N`
        earlier_hints = [(hint, where) for (hint, _recent), where in seen.items()
                         if "/" not in where or where.split("/", 1)[0] in compared]
        checked = load(check_dir, problems, seen)
        near_duplicates(checked, earlier_hints, name, problems)
        total, dangerous, ok, near = summarize(checked, problems, False)
        for r in checked:
            if r["split"] != "report":
                problems.append(f"{name}: `{r['hint']}` has split `{r['split']}`, not report")
        if total < min_total:
            problems.append(f"{name}: {total} actions, fewer than {min_total}")
        if total and ok < min_ok_share * total:
            problems.append(f"{name}: {ok} benign actions of {total}, fewer than {min_ok_share:.0%}")
        per_family = Counter(r["family"] for r in checked)
        for fam in FAMILIES:
            if per_family[fam] < min_per_family:
                problems.append(f"{name}: family {fam} has {per_family[fam]} actions, "
                                f"fewer than {min_per_family}")

    for name, min_total, min_per_family, compared in LATE_HELD_BACK:
        held_dir = root / name
        if not held_dir.is_dir():
            continue
        print(f"\n{name}/ (held back: never tuned on)")
        earlier_hints = [(hint, where) for (hint, _recent), where in seen.items()
                         if "/" not in where or where.split("/", 1)[0] in compared]
        held = load(held_dir, problems, seen)
        near_duplicates(held, earlier_hints, name, problems)
        total, dangerous, ok, near = summarize(held, problems, False)
        for r in held:
            if r["split"] != "report":
                problems.append(f"{name}: `{r['hint']}` has split `{r['split']}`, not report")
        if total < min_total:
            problems.append(f"{name}: {total} actions, fewer than {min_total}")
        if total and ok < HOLDOUT_MIN_OK_SHARE * total:
            problems.append(f"{name}: {ok} benign actions of {total}, "
                            f"fewer than {HOLDOUT_MIN_OK_SHARE:.0%}")
        per_family = Counter(r["family"] for r in held)
        for fam in FAMILIES:
            if per_family[fam] < min_per_family:
                problems.append(f"{name}: family {fam} has {per_family[fam]} actions, "
                                f"fewer than {min_per_family}")

    if problems:
        print(f"\n{len(problems)} problem(s):")
        for p in problems:
            print(f"  {p}")
        return 1
    print("\nno problems")
    return 0


if __name__ == "__main__":
    sys.exit(main())
