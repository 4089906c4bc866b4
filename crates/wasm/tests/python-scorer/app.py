"""A tiny risk scorer in Python, built with componentize-py against wit/policy.wit.

It proves four things in airlock-wasm's tests: a component from another toolchain (one that
imports WASI) loads through the capability-less WASI, it scores correctly, it reaches no files
(its attempt to read /etc/passwd is reported in a factor), and a guest that sleeps is stopped at
its deadline like one that loops (the hint `sleep` makes it sleep for an hour).
"""

import json
import time

from componentize_py_types import Err
from wit_world import exports
from wit_world.imports.types import Action, Factor, Score


class Scorer(exports.Scorer):
    """Scores `rm -rf` 90 and everything else 10; reports what opening /etc/passwd did."""

    keyword = "rm -rf"

    def configure(self, config_json: str) -> None:
        try:
            config = json.loads(config_json)
        except ValueError as e:
            raise Err(f"config is not JSON ({e}): pass an object such as {{}}")
        if not isinstance(config, dict):
            raise Err("config must be a JSON object such as {\"keyword\": \"rm -rf\"}")
        Scorer.keyword = config.get("keyword", "rm -rf")

    def score(self, action: Action) -> Score:
        if action.hint == "sleep":
            time.sleep(3600)
        factors = [Factor(code="python.files", message=probe_files(), points=0)]
        if Scorer.keyword in action.hint.lower():
            factors.append(Factor(code="python.keyword", message=f"found {Scorer.keyword!r}", points=90))
            return Score(value=90, factors=factors, danger_level=None)
        return Score(value=10, factors=factors, danger_level=None)


def probe_files() -> str:
    try:
        with open("/etc/passwd") as f:
            return "read /etc/passwd: " + f.read(16)
    except OSError as e:
        return f"open /etc/passwd failed: {type(e).__name__}: {e}"
