//! airlock's default pattern stage: the MCP-AQL safety loop's `deny` / `requiresApproval` /
//! `autoApprove` policy patterns (security-execution-safety-loop section 5.2), plus the standard
//! danger name patterns of danger-levels section 6.
//!
//! # Config
//!
//! ```json
//! {
//!   "deny":             ["drop_*", "rm -rf*", "*_production*"],
//!   "requiresApproval": ["delete_*", "git push*", "*force*"],
//!   "autoApprove":      ["read_*", "list_*", "get_*"],
//!   "dangerPatterns":   true
//! }
//! ```
//!
//! Every key is optional; `{}` gives the built-in danger patterns alone. Unknown keys, values of the wrong
//! type, empty patterns, patterns longer than 256 bytes and more than 10,000 patterns in all are
//! errors that say what to fix.
//!
//! # What is matched
//!
//! Each pattern is matched against the action's `hint` (the agent's `nextActionHint`; an empty
//! hint is skipped) and against its `operation` name when there is one (as written, and in
//! canonical snake_case form: `DeleteUser` is also tried as `delete_user`).
//!
//! Glob syntax: `*` matches any run of characters (including none, and including spaces), `?`
//! exactly one character, everything else itself; there are no escapes. Matching is
//! case-insensitive and whitespace-insensitive: patterns and texts are lowercased and their
//! whitespace runs collapsed to one space, so `RM -RF*` matches `rm  -rf /`.
//!
//! **Word-aligned matching** (the choice this stage makes): a pattern matches when it matches
//! the whole text, or any part of the text that does not cut through a word, a word being a run of
//! letters, digits and `_`. So `git push*` matches `first run tests, then git push --force`, and
//! `drop_*` matches `call drop_table on users`; but `drop_*` does not match `airdrop_tokens`, and
//! `prod` does not match `product` (`prod` does match `prod-db`: `-` separates words). A hint is
//! free text, so requiring a pattern to match all of it would make every pattern need `*` at both
//! ends; matching inside words would make short patterns fire on unrelated words.
//!
//! `autoApprove` patterns match the same way, and an auto-approval skips airlock's remaining
//! stages: keep them narrow (`list_*`, not `*list*`). `deny` and `requiresApproval` (and the danger
//! patterns) always win over them.
//!
//! # Danger patterns
//!
//! With `"dangerPatterns": true` (the default) two built-in tables also apply.
//!
//! 1. The danger-levels section 6 name patterns, the way airlock's core applies them: to the
//!    operation name in canonical form and to the words of the hint that look like snake_case
//!    operation names (`drop_table`, `mcp__db__wipe_data`), each matching any run of its whole
//!    `_`-separated words (`delete_all*` matches `force_delete_all`). Forbidden patterns
//!    (`drop_*`, `delete_all*`, `truncate_*`, `reset_*`, `destroy_*`, `wipe_*`, `*_production`)
//!    deny; dangerous ones (`force_*`, `*_permanently`, `bulk_delete*`, `override_*`, `bypass_*`,
//!    `*_without_backup`, `purge_*`) require approval. In `matched` they appear as
//!    `danger:forbidden:drop_*` and `danger:dangerous:force_*`.
//! 2. Hint patterns for the spoken forms of the same dangers, since a hint is free text more often
//!    than an operation name ([`stage::FORBIDDEN_COMMANDS`], [`stage::DANGEROUS_COMMANDS`]):
//!    `drop table *`, `drop database *`, `truncate table *`, `mkfs*`, `dd * of=/dev/*` and the
//!    fork bomb deny; `rm -rf*` (and its `-fr`, `-r -f`, `--recursive --force` spellings),
//!    `git push*--force*`, `git push* -f`, `git reset --hard*`, `git clean -f*`, `chmod -r 777*`
//!    and `curl`/`wget` piped to `sh`/`bash` require approval. In `matched` they appear as
//!    `danger:command:rm -rf*`. They match like configured patterns (word-aligned, so `rm -rf*`
//!    matches `sudo rm -rf build` but not `perform -rf`). For graded, flag-order-proof judgement of
//!    commands use the `default-scorer` stage; these tables only catch the plain spellings.
//!
//! The `danger:` prefix keeps them apart from configured patterns. The section 6.3 safe patterns
//! never auto-approve.
//!
//! # Verdict
//!
//! `deny` > `requires-approval` > `auto-approve` > `no-match`: the strongest level with a match
//! wins, and `matched` lists every pattern that matched at that level (configured patterns in
//! configuration order, each once and as written; then built-in command patterns, then section 6
//! name patterns, in table order).

pub mod stage;

#[cfg(test)]
mod differential;

#[cfg(target_arch = "wasm32")]
mod component {
    wit_bindgen::generate!({ path: "../../wit", world: "pattern-stage" });

    use std::cell::RefCell;

    use self::airlock::policy::types::{Action, PatternMatch, Verdict};
    use self::exports::airlock::policy::patterns::Guest;

    use crate::stage::{self, Stage};

    thread_local! {
        /// The stage `configure` built; the default (`{}`), built on first use, until then (so
        /// `configure` does not build a default stage only to replace it).
        static STAGE: RefCell<Option<Stage>> = const { RefCell::new(None) };
    }

    struct DefaultPatterns;

    impl Guest for DefaultPatterns {
        fn configure(config_json: String) -> Result<(), String> {
            let stage = Stage::from_json(&config_json)?;
            STAGE.with(|s| *s.borrow_mut() = Some(stage));
            Ok(())
        }

        fn evaluate(action: Action) -> PatternMatch {
            let outcome = STAGE.with(|s| {
                s.borrow_mut()
                    .get_or_insert_with(Stage::default)
                    .evaluate(&action.hint, action.operation.as_deref())
            });
            PatternMatch {
                verdict: match outcome.verdict {
                    stage::Verdict::Deny => Verdict::Deny,
                    stage::Verdict::RequiresApproval => Verdict::RequiresApproval,
                    stage::Verdict::AutoApprove => Verdict::AutoApprove,
                    stage::Verdict::NoMatch => Verdict::NoMatch,
                },
                matched: outcome.matched,
            }
        }
    }

    export!(DefaultPatterns);
}
