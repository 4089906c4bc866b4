//! Every engine of the peer comparison gives the same verdict for every action of the shared
//! 10,000-action corpus (seed 42), and for 4,000 seeded hints built from pieces on the edges of
//! the policy's rules: the policies in `benches/policies/` are the same policy (stated in words
//! in docs/performance.md, "The peer comparison's policy").
//!
//! Hints: airlock's default pattern stage (the reference), the pattern verdict of airlock's
//! full pipeline, Rego and Cedar. Structured operations: airlock's native gate (the
//! reference), Rego and Cedar. On a difference the failure lists the first differing actions
//! with each engine's verdict.
//!
//! Needs the guest components (`just guests` or `scripts/build-guests.sh`).

use std::collections::BTreeMap;

use airlock_benches::actions::{self, CorpusAction};
use airlock_benches::peers::{airlock::Airlock, cedar::Cedar, rego::Rego};
use airlock_benches::verdict::Verdict;
use airlock_core::levels::TrustLevel;

const SEED: u64 = 42;
const COUNT: usize = 10_000;
/// How many differences the failure message lists.
const SHOWN: usize = 25;

struct Engines {
    airlock: Airlock,
    rego: Rego,
    cedar: Cedar,
}

fn engines() -> Engines {
    Engines {
        airlock: Airlock::load().expect("airlock loads policy.json with the default guests"),
        rego: Rego::load().expect("regorus compiles policy.rego"),
        cedar: Cedar::load().expect("cedar parses policy.cedar"),
    }
}

/// Each engine's verdict for one action, by engine name; an engine error is shown as such.
type Answers = Vec<(&'static str, Result<Verdict, String>)>;

fn hint_answers(e: &Engines, hint: &str) -> Answers {
    vec![
        ("airlock-patterns", e.airlock.decide_hint(hint)),
        ("airlock-pipeline", pipeline_verdict(e, hint)),
        ("rego", e.rego.decide_hint(hint)),
        ("cedar", e.cedar.decide_hint(hint)),
    ]
}

/// The pattern verdict of airlock's full pipeline. When the pattern stage (`patterns` in
/// policy.json) failed (a trap, or its deadline passed on a loaded machine), it answered with its
/// fail-closed fallback, which is no verdict of the policy: that is shown as an error, so the
/// difference it makes says what happened. (A failed scorer does not change the pattern verdict.)
fn pipeline_verdict(e: &Engines, hint: &str) -> Result<Verdict, String> {
    let evaluation = e.airlock.evaluate_hint(hint);
    match evaluation.failures.iter().find(|f| f.stage == "patterns") {
        Some(failed) => Err(format!(
            "stage {} failed: {:?}",
            failed.stage, failed.failure
        )),
        None => Ok(Verdict::of_pattern(evaluation.verdict)),
    }
}

fn operation_answers(e: &Engines, op: &airlock_benches::corpus::CorpusOperation) -> Answers {
    vec![
        ("airlock-gate", Ok(e.airlock.decide_operation(op))),
        ("rego", e.rego.decide_operation(op)),
        ("cedar", e.cedar.decide_operation(op)),
    ]
}

fn show(answers: &Answers) -> String {
    answers
        .iter()
        .map(|(engine, v)| match v {
            Ok(v) => format!("{engine}={v}"),
            Err(e) => format!("{engine}=ERROR({e})"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_engine_gives_the_same_verdict_for_every_corpus_action() {
    let e = engines();
    let corpus = actions::actions(SEED, COUNT);
    let mut differences = Vec::new();
    let mut hint_verdicts = BTreeMap::<Verdict, usize>::new();
    let mut operation_verdicts = BTreeMap::<Verdict, usize>::new();
    for (id, action) in corpus.iter().enumerate() {
        let (what, answers, tally) = match action {
            CorpusAction::Hint(h) => (
                format!("hint {:?}", h.hint),
                hint_answers(&e, &h.hint),
                &mut hint_verdicts,
            ),
            CorpusAction::Operation(op) => (
                format!(
                    "operation {:?} endpoint={:?} annotations={:?} trust={}",
                    op.name,
                    op.endpoint.map(|x| x.as_str()),
                    op.annotations,
                    op.trust
                ),
                operation_answers(&e, op),
                &mut operation_verdicts,
            ),
        };
        let reference = &answers[0].1;
        if let Ok(v) = reference {
            *tally.entry(*v).or_default() += 1;
        }
        if reference.is_err() || answers.iter().any(|(_, v)| v != reference) {
            differences.push(format!("#{id} {what}: {}", show(&answers)));
        }
    }
    assert!(
        differences.is_empty(),
        "{} of {COUNT} actions get different verdicts; the first {}:\n{}",
        differences.len(),
        differences.len().min(SHOWN),
        differences[..differences.len().min(SHOWN)].join("\n")
    );

    // Agreement means something only if the corpus reaches every verdict, each many times.
    for v in [
        Verdict::Deny,
        Verdict::RequiresApproval,
        Verdict::AutoApprove,
        Verdict::FallThrough,
    ] {
        let n = hint_verdicts.get(&v).copied().unwrap_or(0);
        assert!(n >= 100, "only {n} hints get {v}: {hint_verdicts:?}");
    }
    for v in [
        Verdict::Deny,
        Verdict::RequiresApproval,
        Verdict::AutoApprove,
    ] {
        let n = operation_verdicts.get(&v).copied().unwrap_or(0);
        assert!(
            n >= 100,
            "only {n} operations get {v}: {operation_verdicts:?}"
        );
    }
}

/// The reference answers themselves, on actions whose verdict the specification settles.
#[test]
fn known_actions_get_the_specified_verdicts() {
    let e = engines();
    let hints: &[(&str, Verdict)] = &[
        ("rm -rf ./build", Verdict::Deny),
        ("DROP TABLE users", Verdict::Deny),
        ("please call dropTable_now", Verdict::Deny),
        ("deploy_production web", Verdict::Deny),
        ("git push --force origin main", Verdict::RequiresApproval),
        ("delete_repo acme/x", Verdict::RequiresApproval),
        ("enforce lint rules", Verdict::RequiresApproval),
        ("read_file src/main.rs", Verdict::AutoApprove),
        ("LIST_REPOS acme", Verdict::AutoApprove),
        ("git status", Verdict::FallThrough),
        ("airdrop_tokens to users", Verdict::FallThrough),
        ("", Verdict::FallThrough),
        // Section 6 names count in call position only (issue #13), in any spelling.
        ("call wipeData on staging", Verdict::Deny),
        ("Step 3 - destroyEnvironment web", Verdict::Deny),
        ("next: DrOp-TaBlE users", Verdict::Deny),
        ("then purgeCache for web", Verdict::RequiresApproval),
        ("run bypass_approval(x)", Verdict::RequiresApproval),
        ("write a test for wipe_data", Verdict::FallThrough),
        (
            "review the migration that adds a truncate_at column",
            Verdict::FallThrough,
        ),
        // Without `_` or a lower-to-upper change, no operation name (the configured globs
        // still apply).
        ("wipe-data on staging", Verdict::FallThrough),
        ("wipe-Data on staging", Verdict::FallThrough),
        // Auto-approval: the whole hint, one action.
        ("list_repos acme", Verdict::AutoApprove),
        ("please read_file src/main.rs", Verdict::FallThrough),
        ("read_file a.txt and post it", Verdict::FallThrough),
        ("read_file a.txt; curl x", Verdict::FallThrough),
        ("get_user 7, then report", Verdict::FallThrough),
        ("search_code $(curl x)", Verdict::FallThrough),
        ("read_file a.txt\ncurl x", Verdict::FallThrough),
        ("read_file a.txt\u{200b}", Verdict::FallThrough),
    ];
    for (hint, expected) in hints {
        let answers = hint_answers(&e, hint);
        assert!(
            answers.iter().all(|(_, v)| v.as_ref() == Ok(expected)),
            "{hint:?}: expected {expected}, got {}",
            show(&answers)
        );
    }
}

/// A name in random mixed case is judged like its lower-case spelling by every engine: the
/// canonical form alone would split it inside its words (`WiPe_DaTa` -> `wi_pe_da_ta`) and let
/// it past the section 6 patterns.
#[test]
fn mixed_case_names_do_not_evade_the_danger_patterns() {
    let e = engines();
    let corpus = actions::actions(SEED, COUNT);
    let CorpusAction::Hint(h) = &corpus[378] else {
        panic!("corpus action #378 is not a hint: {:?}", corpus[378]);
    };
    assert_eq!(h.hint, "FOrCE_dElEte_ALl ReCordS");
    let answers = hint_answers(&e, &h.hint);
    assert!(
        answers
            .iter()
            .all(|(_, v)| v.as_ref() == Ok(&Verdict::Deny)),
        "#378 {:?}: expected deny, got {}",
        h.hint,
        show(&answers)
    );
    let op = corpus
        .iter()
        .find_map(|a| match a {
            CorpusAction::Operation(op) => Some(op),
            CorpusAction::Hint(_) => None,
        })
        .expect("the corpus has operations");
    // At `validated` trust a forbidden or dangerous operation is denied and an unlabeled one
    // allowed; at `certified` a forbidden one needs approval and the rest are allowed.
    let cases = [
        ("DrOp_TaBlE", TrustLevel::Validated, Verdict::Deny),
        (
            "DrOp_TaBlE",
            TrustLevel::Certified,
            Verdict::RequiresApproval,
        ),
        ("dRoP_tAbLe", TrustLevel::Validated, Verdict::Deny),
        (
            "WiPe_DaTa",
            TrustLevel::Certified,
            Verdict::RequiresApproval,
        ),
        ("fOrCe_PuSh", TrustLevel::Validated, Verdict::Deny),
    ];
    for (name, trust, expected) in cases {
        let mut mixed = op.clone();
        mixed.name = name.to_owned();
        mixed.trust = trust;
        mixed.endpoint = None;
        mixed.annotations = None;
        let mut lower = mixed.clone();
        lower.name = name.to_lowercase();
        assert_eq!(e.airlock.decide_operation(&lower), expected, "{lower:?}");
        let answers = operation_answers(&e, &mixed);
        assert!(
            answers.iter().all(|(_, v)| v.as_ref() == Ok(&expected)),
            "{name} at {trust}: expected {expected}, got {}",
            show(&answers)
        );
    }
    for name in ["DrOp_TaBlE", "dRoP_tAbLe", "WiPe_DaTa", "fOrCe_PuSh"] {
        let hint = format!("next: {name} on staging");
        let lower_hint = hint.to_lowercase();
        let want = e.airlock.decide_hint(&lower_hint).expect("airlock");
        let answers = hint_answers(&e, &hint);
        assert!(
            answers.iter().all(|(_, v)| v.as_ref() == Ok(&want)),
            "{hint:?}: expected {want}, got {}",
            show(&answers)
        );
    }
}

/// Pieces of hints that sit on the edges of the shared policy: operation names in every
/// spelling, call words, connectors and lead-ins, the characters that join actions, and
/// non-ASCII letters, digits and marks (`K` is a Kelvin sign, which Unicode lower-cases to `k`;
/// `İ` lower-cases to `i` and a combining dot; `²` is a digit to Rust but not to a regex `\d`;
/// `⁀` joins words to a regex `\w`, not to airlock).
const PIECES: [&str; 59] = [
    "call",
    "then",
    "and",
    "I'll",
    "please",
    "Step",
    "3",
    "next:",
    "x",
    "ok",
    "o\u{212a}",
    "drop_table",
    "dropTable",
    "drop-Table",
    "drop-table",
    "DrOp_TaBlE",
    "wipe_data",
    "mcp__db__wipe_data",
    "__init__",
    "purge_cache(",
    ")",
    "explain",
    "the",
    "read_file",
    "list_repos",
    "search_",
    "get_user",
    "run",
    "rm -rf",
    "git push",
    "--force",
    "force",
    "_production",
    ";",
    ",",
    "&&",
    "|",
    "`",
    "$(",
    ">",
    ":",
    "(",
    "\n",
    "\t",
    " ",
    " ",
    " ",
    "  ",
    "\u{ff1b}",
    "\u{200b}",
    "\u{a0}",
    "é",
    "İ",
    "café",
    "7",
    "_",
    "x²",
    "ΣΑΣ",
    "\u{2040}",
];

/// Beyond the corpus: hints built at random (seeded) from [`PIECES`] get the same verdict from
/// every engine, so the engines agree on the rules' edges the corpus rarely reaches (a mention
/// against a call, a lead-in, a connector inside a word, a hidden second action).
#[test]
fn every_engine_gives_the_same_verdict_for_edge_hints() {
    let e = engines();
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut differences = Vec::new();
    let mut verdicts = BTreeMap::<Verdict, usize>::new();
    for _ in 0..4_000 {
        let len = 1 + next(8);
        let hint: String = (0..len).map(|_| PIECES[next(PIECES.len())]).collect();
        let answers = hint_answers(&e, &hint);
        if let Ok(v) = &answers[0].1 {
            *verdicts.entry(*v).or_default() += 1;
        }
        if answers[0].1.is_err() || answers.iter().any(|(_, v)| *v != answers[0].1) {
            differences.push(format!("{hint:?}: {}", show(&answers)));
        }
    }
    assert!(
        differences.is_empty(),
        "{} of 4000 edge hints get different verdicts; the first {}:\n{}",
        differences.len(),
        differences.len().min(SHOWN),
        differences[..differences.len().min(SHOWN)].join("\n")
    );
    for v in [
        Verdict::Deny,
        Verdict::RequiresApproval,
        Verdict::AutoApprove,
        Verdict::FallThrough,
    ] {
        let n = verdicts.get(&v).copied().unwrap_or(0);
        assert!(n >= 40, "only {n} edge hints get {v}: {verdicts:?}");
    }
}
