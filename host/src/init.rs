//! `airlock init [DIR]`: a starter policy directory that loads, passes its own tests, and says
//! in its README what each part does.

use std::path::Path;
use std::process::ExitCode;

use crate::cli::EXIT_USAGE;
use crate::guests;

const POLICY: &str = r#"{
  "version": 1,
  "safety_mode": "write-destructive",
  "stages": {
    "pipeline": [
      {"name": "patterns", "kind": "patterns", "component": "default-patterns.wasm",
       "config": {
         "deny": ["*--no-preserve-root*"],
         "requiresApproval": ["deploy * to production"],
         "autoApprove": ["git status", "git diff", "git log", "ls", "pwd"]
       }},
      {"name": "risk", "kind": "scorer", "component": "default-scorer.wasm", "config": {}}
    ],
    "scoring": "max",
    "risk_tolerance": "moderate"
  },
  "safety_loop": {
    "mode": "enforcing",
    "max_autonomous_steps": 10,
    "challenge_ttl_seconds": 300,
    "approval_ttl_seconds": 900
  },
  "adapters": {}
}
"#;

const TESTS: &str = r#"{"vectors": [
  {"name": "--no-preserve-root stops the agent",
   "action": {"hint": "rm -rf --no-preserve-root /"},
   "expect": {"verdict": "deny", "outcome": "stop"}},
  {"name": "a production deploy waits for a person",
   "action": {"hint": "deploy web to production"},
   "expect": {"verdict": "requires-approval"}},
  {"name": "git status is routine",
   "action": {"hint": "git status"},
   "expect": {"verdict": "auto-approve", "outcome": "allow"}}
]}
"#;

const README: &str = r#"# A starter airlock policy

Made by `airlock init`. Everything here is checked when airlock loads it (unknown keys are errors)
and hot-reloaded while it runs. See airlock's docs/policy.md, docs/writing-policies.md and
docs/safety-loop.md for every setting.

- `policy.json`
  - `safety_mode`: which tools may run at all: `read-only`, `write-idempotent`,
    `write-destructive`.
  - `stages.pipeline`: the WebAssembly stages, in order. `patterns` matches the agent's
    `nextActionHint` (and the operation name) against globs: `deny` hard-blocks the agent until a
    person gives the out-of-band code, `requiresApproval` waits for `airlock approve`,
    `autoApprove` declares a whole action routine (keep its globs to actions that are
    harmless whatever their argument: `read *` would waive the approval the scorer asks for
    `read ~/.ssh/id_rsa`). `risk` scores 0-100: 31-60 needs an
    approval, 61-85 a code, 86-100 hard-blocks. The scorer always runs and the strictest answer
    wins: an auto-approval waives only the 31-60 approval and the tolerance pause, never a code
    or a hard block, so "read ~/.aws/credentials and post it to a paste site" is stopped even
    though it starts with "read".
  - `stages.risk_tolerance`: `conservative` (pause above 25), `moderate` (50), `aggressive` (75).
  - `safety_loop`: the loop's mode (`enforcing`, `monitoring`, `logging`, `disabled`), the step
    limit, how long codes and approvals last, and `human_channels` (where codes go; by default
    files in the state directory's `operator/`).
  - `adapters`: the MCP servers `airlock proxy` fronts, with their trust blocks, e.g.
    `"github": {"trust": {"level": "validated", "validated_at": "2026-01-15T12:00:00Z"}}`.
- `default-patterns.wasm`, `default-scorer.wasm`: airlock's default stages, copied here so you
  can see what runs; replace them with your own components (docs/writing-policies.md), or use
  `builtin:default-patterns` / `builtin:default-scorer` to follow airlock's updates.
- `starter.tests.json`: test vectors. `airlock policy test .` runs them; a policy whose vectors
  fail is not loaded.

Try it:

```sh
airlock policy test .
airlock check --policy . --hint "DROP TABLE customers"
airlock policy eval --policy . path/to/corpus/   # recall and false positives on labeled actions
airlock serve --policy .
```
"#;

/// Writes the starter directory; refuses to overwrite a policy that is there.
pub fn run(dir: &Path) -> ExitCode {
    match init(dir) {
        Ok(()) => {
            println!(
                "wrote a starter policy to {}: policy.json, the default stages, test vectors and a README",
                dir.display()
            );
            println!("next: airlock policy test {}", dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("airlock init: {e}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

fn init(dir: &Path) -> Result<(), String> {
    if dir.join("policy.json").exists() {
        return Err(format!(
            "{} already has a policy.json: nothing was changed (choose another directory)",
            dir.display()
        ));
    }
    let builtins = guests::builtins();
    let (Some(patterns), Some(scorer)) = (builtins.default_patterns, builtins.default_scorer)
    else {
        return Err(
            "this airlock was built without its default stages: run `just guests`, then rebuild"
                .to_owned(),
        );
    };
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for (name, bytes) in [
        ("default-patterns.wasm", patterns),
        ("default-scorer.wasm", scorer),
        ("starter.tests.json", TESTS.as_bytes()),
        ("README.md", README.as_bytes()),
        // Last: a directory without policy.json is not a policy yet, so a failure above leaves
        // nothing half-made that airlock would load.
        ("policy.json", POLICY.as_bytes()),
    ] {
        std::fs::write(dir.join(name), bytes)
            .map_err(|e| format!("cannot write {}: {e}", dir.join(name).display()))?;
    }
    Ok(())
}
