//! The differential check of the pattern stage: evaluates about 60,000 generated actions (the
//! test tables, and variants of them: mixed case, whitespace, non-ASCII, long texts, joined
//! commands, operation names) on five configs and hashes every outcome (verdict and matched
//! patterns, in order). The pinned digest is the stage's before the speed-ups of the combined
//! command matching: a change made for speed must not move it. If a deliberate change of the
//! matching does, update it in the same commit and say so.
//!
//! `AIRLOCK_DIFF_DUMP=<file>` also writes every input and output, one per line, to compare two
//! versions with `diff`.

use std::io::Write;

use crate::stage::Stage;

#[path = "../../common/corpus/mod.rs"]
mod corpus;

use corpus::{Digest, Rng};

/// The digest of the stage's outcomes over the corpus, regenerated deliberately for issue #13:
/// auto-approval covers the whole action only, danger names count in call position only, and
/// the built-in command patterns are gone (the scorer's judge parses commands); again when only
/// the function an expression starts with counts as in call position (`print(df.drop_x())`).
const PINNED: u64 = 0x0a4f_aa3c_5133_02a7;

#[test]
fn outputs_match_the_pinned_digest() {
    let stages = [
        Stage::from_json("{}").expect("default"),
        Stage::from_json(
            r#"{"deny": ["drop_*", "delete_all*", "*_production*", "rm -rf*"],
                "requiresApproval": ["delete_*", "*force*", "deploy_*", "git push*"],
                "autoApprove": ["read_*", "list_*", "get_*", "search_*"]}"#,
        )
        .expect("spec policy"),
        Stage::from_json(
            r#"{"deny": ["? x", "*é*", "straße", "*İ*", "rm -rf /"],
                "requiresApproval": ["Git  PUSH*", "git push*", "curl *", "*_?*"],
                "autoApprove": ["*", "ls"]}"#,
        )
        .expect("odd patterns"),
        Stage::from_json(r#"{"dangerPatterns": false, "deny": ["wipe_*"], "autoApprove": ["list_*"]}"#)
            .expect("no danger patterns"),
        Stage::from_json(r#"{"dangerPatterns": true, "requiresApproval": ["kubectl delete*", "terraform destroy*", "*--force*"]}"#)
            .expect("commands"),
    ];
    let mut dump = std::env::var_os("AIRLOCK_DIFF_DUMP")
        .map(|p| std::io::BufWriter::new(std::fs::File::create(p).expect("dump file")));
    let mut digest = Digest::new();
    let mut count = 0_usize;
    // A block, so `check`'s borrows of the digest and the count end before they are read.
    {
        let mut check = |stage: usize, hint: &str, op: Option<&str>| {
            let got = stages[stage].evaluate(hint, op);
            let out = format!("{got:?}");
            digest.eat(&out);
            if let Some(d) = dump.as_mut() {
                writeln!(d, "{stage} {hint:?} {op:?}\n  -> {out}").expect("dump");
            }
            count += 1;
        };
        // Every seed and operation as it is, on every config.
        for stage in 0..stages.len() {
            for hint in corpus::SEEDS {
                check(stage, hint, None);
            }
            for op in corpus::OPERATIONS {
                check(stage, "", Some(op));
            }
        }
        // Generated actions; the default config most often, as airlock runs it.
        let mut rng = Rng::new(0x5eed_da7a_0002);
        for i in 0..60_000_usize {
            let hint = corpus::variant(&mut rng);
            let op = corpus::operation(&mut rng);
            let stage = if i % 2 == 0 {
                0
            } else {
                1 + rng.below(stages.len() - 1)
            };
            check(stage, &hint, op.as_deref());
        }
    }
    assert!(count > 60_000);
    assert_eq!(
        digest.value(),
        PINNED,
        "the stage's outcomes changed ({count} actions; digest {:#018x})",
        digest.value()
    );
}

/// The digest of the default stage's outcomes over the benchmark corpus's hints, regenerated
/// for issue #13 (1,165 shell and SQL hints that the command patterns matched are now no-match
/// and judged by the scorer; 51 camelCase operation names in call position now match).
const PINNED_BENCH: u64 = 0x1e0f_345d_7a4f_252f;

/// The default stage (`{}`) over every hint of airlock's benchmark corpus, as airlock calls it:
/// the hint alone, no operation.
#[test]
fn bench_hints_match_the_pinned_digest() {
    let stage = Stage::default();
    let digest = corpus::bench_hints_digest(|hint| format!("{:?}", stage.evaluate(hint, None)));
    assert_eq!(
        digest, PINNED_BENCH,
        "the stage's outcomes over the benchmark hints changed (digest {digest:#018x})"
    );
}

/// A native profiling loop over the whole benchmark corpus (what the benchmark's pattern stage
/// spends its own time on): `AIRLOCK_PROFILE_ROUNDS` passes (default 20) over its 5,050 hints.
/// Run it under `valgrind --tool=callgrind <test binary> --ignored --exact
/// differential::profile_bench_hints`, minus a run with 0 rounds.
#[test]
#[ignore = "a profiling loop, run on demand"]
fn profile_bench_hints() {
    let rounds = corpus::profile_rounds();
    let hints: Vec<&str> = corpus::bench_hints().collect();
    let stage = Stage::default();
    let mut sink = 0_usize;
    for _ in 0..rounds {
        for hint in &hints {
            sink += std::hint::black_box(stage.evaluate(std::hint::black_box(hint), None))
                .matched
                .len();
        }
    }
    assert!(rounds == 0 || sink > 0);
}
