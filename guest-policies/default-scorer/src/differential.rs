//! The differential check of the scorer: scores about 60,000 generated actions (the test tables,
//! and variants of them: mixed case, whitespace, non-ASCII, long texts, joined commands, params,
//! operation names, up to 8 recent hints) and hashes every assessment (score, factors with their
//! codes, messages and points in order, danger level). The pinned digest is the scorer's as
//! rebuilt on the judge: a change made for speed must not move it. If a deliberate change of the
//! judgement does, update it in the same commit and say so (with the corpus figures of
//! `cargo run -p airlock-judge --example eval`).
//!
//! `AIRLOCK_DIFF_DUMP=<file>` also writes every input and output, one per line, to compare two
//! versions with `diff`.

use std::io::Write;

use crate::Scorer;
use crate::model::{Endpoint, Input, Level};

#[path = "../../common/corpus/mod.rs"]
mod corpus;

use corpus::{Digest, Rng};

/// The digest of the scorer's outputs over the corpus: regenerated when the scorer was rebuilt
/// on the judge (issue #13), and again for the judge's follow-ups (stripe, mv out of the tree,
/// binaries run after chmod +x, the directory a cd entered, template and written .env files,
/// negated scopes, packages added from untrusted sources, shell loops), and for the gaps of the
/// spent second held-back set (image files formatted, interpreters run from a pipe, tools' login
/// files, editors that write sudoers, service restarts, identifiers read as their words), and
/// for the gaps of the spent third held-back set (cloud CLIs read by their verbs, `--help`,
/// forge API deletes, redirections of nothing, secrets pushed after `git add`, uploads from
/// one-line scripts, PowerShell's `iex (irm ...)`, writes to system files and separated
/// phrasal verbs in words), for plain language read by classes of actions (security
/// controls taken away by any verb, memberships, ownership, plans, customer records in bulk,
/// shared history, irreversibility, the guard's block asked away), for indirection
/// re-entering judgement (package runners, shell strings, what is fed on stdin, looked-up
/// paths, printf payloads, `find -exec` and `xargs sh -c` bodies), Windows' and PowerShell's
/// commands, reads winning over every family (`-h` of the programs whose help it is) and
/// secrets named by their kind, for plain language's phrasal verbs around their object,
/// published packages, data stores shared with a personal mailbox and clauses opened by skip,
/// and for the generic command reader (a command no recognizer claims read as verb x object x
/// scope, program classes, mass actions by verb class, verbs without an object graded by
/// scope, objects by class, package registries' verbs), and for the HTTP API reader (a
/// request's method and URL read as verb x object x scope), and for a deploy to a named shared
/// environment that is not production read as a bounded change there (holdout6 analysis M14),
/// and for follow-ups carried from the step just before (a bare file name after `ls DIR` is the
/// file in DIR), and for Windows homes and cmdlets and the generic reader's verbs, objects and
/// values for programs it has no rows for (holdout6 analysis M7, M8). The judge's readers
/// (shell, SQL, plain language) decide these outputs too: a change to any of them moves it,
/// deliberately or not.
const PINNED: u64 = 0x4590_5ec8_c55c_328b;

#[test]
fn outputs_match_the_pinned_digest() {
    let scorers = [
        Scorer::default(),
        Scorer::from_json(
            r#"{"extraSignals": [
                {"pattern": "*billing*", "points": 70, "code": "org.billing", "message": "touches billing"},
                {"pattern": "drop_*", "points": 10, "code": "org.drop", "message": "a drop"},
                {"pattern": "git push*", "points": 0, "code": "org.push", "message": "a push"}
            ]}"#,
        )
        .expect("config"),
    ];
    let mut dump = std::env::var_os("AIRLOCK_DIFF_DUMP")
        .map(|p| std::io::BufWriter::new(std::fs::File::create(p).expect("dump file")));
    let mut digest = Digest::new();
    let mut count = 0_usize;
    // A block, so `check`'s borrows of the digest and the count end before they are read.
    {
        let mut check = |scorer: &Scorer, input: &Input<'_>| {
            let a = scorer.score(input);
            let out = format!("{a:?}");
            digest.eat(&out);
            if let Some(d) = dump.as_mut() {
                writeln!(d, "{input:?}\n  -> {out}").expect("dump");
            }
            count += 1;
        };
        // Every seed and operation as it is.
        for hint in corpus::SEEDS {
            check(
                &scorers[0],
                &Input {
                    hint,
                    ..Input::default()
                },
            );
        }
        for op in corpus::OPERATIONS {
            check(
                &scorers[0],
                &Input {
                    operation: Some(op),
                    ..Input::default()
                },
            );
        }
        // Generated actions.
        let endpoints = [
            None,
            None,
            Some(Endpoint::Create),
            Some(Endpoint::Read),
            Some(Endpoint::Update),
            Some(Endpoint::Delete),
            Some(Endpoint::Execute),
        ];
        let levels = [
            None,
            None,
            Some(Level::Safe),
            Some(Level::Reversible),
            Some(Level::Destructive),
            Some(Level::Dangerous),
            Some(Level::Forbidden),
        ];
        let flags = [None, Some(false), Some(true)];
        let mut rng = Rng::new(0x5eed_da7a_0001);
        for i in 0..60_000_usize {
            let hint = corpus::variant(&mut rng);
            let operation = corpus::operation(&mut rng);
            let params = corpus::params(&mut rng);
            let recent = corpus::recent_hints(&mut rng);
            let input = Input {
                hint: &hint,
                operation: operation.as_deref(),
                endpoint: endpoints[rng.below(endpoints.len())],
                params_json: params.as_deref(),
                destructive_hint: flags[rng.below(3)],
                read_only_hint: flags[rng.below(3)],
                danger_level: levels[rng.below(levels.len())],
                recent_hints: &recent,
            };
            check(&scorers[usize::from(i % 8 == 0)], &input);
        }
    }
    assert!(count > 60_000);
    assert_eq!(
        digest.value(),
        PINNED,
        "the scorer's outputs changed ({count} actions; digest {:#018x})",
        digest.value()
    );
}

/// The digest of the default scorer's outputs over the benchmark corpus's hints (regenerated
/// with [`PINNED`]).
const PINNED_BENCH: u64 = 0x36a0_3868_4202_6609;

/// The default scorer over every hint of airlock's benchmark corpus, as airlock calls it: the
/// hint alone, no operation, no recent hints.
#[test]
fn bench_hints_match_the_pinned_digest() {
    let scorer = Scorer::default();
    let digest = corpus::bench_hints_digest(|hint| {
        let input = Input {
            hint,
            ..Input::default()
        };
        format!("{:?}", scorer.score(&input))
    });
    assert_eq!(
        digest, PINNED_BENCH,
        "the scorer's outputs over the benchmark hints changed (digest {digest:#018x})"
    );
}

/// A native profiling loop over the whole benchmark corpus (what the benchmark's scorer spends
/// its own time on): `AIRLOCK_PROFILE_ROUNDS` passes (default 20) over its 5,050 hints. Run it
/// under `valgrind --tool=callgrind <test binary> --ignored --exact
/// differential::profile_bench_hints`, minus a run with 0 rounds.
#[test]
#[ignore = "a profiling loop, run on demand"]
fn profile_bench_hints() {
    let rounds = corpus::profile_rounds();
    let hints: Vec<&str> = corpus::bench_hints().collect();
    let scorer = Scorer::default();
    let mut sink = 0_u64;
    for _ in 0..rounds {
        for hint in &hints {
            let input = Input {
                hint,
                ..Input::default()
            };
            sink +=
                u64::from(std::hint::black_box(scorer.score(std::hint::black_box(&input))).value);
        }
    }
    assert!(rounds == 0 || sink > 0);
}
