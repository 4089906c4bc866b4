//! airlock's default risk scorer: the judge's findings over what an agent says it will do (the
//! hint) and the params it passes, plus what airlock already knows about the operation, as an
//! explained score.
//!
//! # What it looks at
//!
//! The hint and every string in `params-json` (its values, plus its keys together; invalid JSON
//! is read as text), each judged by [`airlock_judge::judge_texts`] with the recent hints (256 KiB
//! in all at most). The judge parses before it judges: command lines through a shell parser
//! (quotes, wrappers, substitutions, `bash -c`, decoded payloads), SQL through a SQL parser,
//! plain language by verb, object and scope, after Unicode normalization. A mention of a
//! dangerous word is not an action: "explain the drop_duplicates call" scores nothing. The
//! operation name is read by the MCP-AQL danger name patterns.
//!
//! # Signals
//!
//! | code | weight | suggests | what |
//! | --- | ---: | --- | --- |
//! | judge findings, `<family>.<what>` | Note 20, Confirm 50, Verify 75, Stop 95 | reversible, destructive, dangerous, forbidden | one per thing the judge found (see `airlock_judge`): `filesystem.rm-recursive-catastrophic`, `git.push-force-protected`, `database.drop-database`, `exfiltration.secret`, `tampering.operator-command` ... with a message naming the recognizer, the target and why |
//! | `exfiltration.params-secret` | 95 | forbidden | a credential-named param field or a credential file's path, with a public drop point's URL in the params (`{"url": "https://pastebin.com/api", "body": {"api_key": ...}}`) |
//! | `name.forbidden-pattern` | 85 | forbidden | the operation name matches `drop_*`, `delete_all*`, `truncate_*`, `reset_*`, `destroy_*`, `wipe_*`, `*_production` |
//! | `name.dangerous-pattern` | 65 | dangerous | the operation name matches `force_*`, `*_permanently`, `bulk_delete*`, `override_*`, `bypass_*`, `*_without_backup`, `purge_*` |
//! | `endpoint.delete` | 25 | destructive | the operation is on the delete endpoint |
//! | `annotation.destructive` | 20 | destructive | `destructiveHint: true` (and not read-only) |
//! | `danger-level.<level>` | 0/20/50/75/95 | that level | airlock's classification: safe, reversible, destructive, dangerous, forbidden |
//! | config `extraSignals` | as configured | | see below |
//!
//! The weights put each severity inside its safety tier (advisory 0-30, confirm 31-60, verify
//! 61-85, danger zone 86-100).
//!
//! # Combination
//!
//! - each code counts once, at its heaviest;
//! - the heaviest signal sets the score: one catastrophic finding is enough, and many bounded
//!   ones never add up to one;
//! - every other distinct signal corroborates with a tenth of its weight (rounded up), but never
//!   past the top of the heaviest signal's tier: corroboration moves a score inside its tier,
//!   never from confirm to verify.
//!
//! Every point is explained: each factor's `points` is what it added, so the factors' points add
//! up to the score exactly (a corroborating factor past the tier's top keeps its message with 0
//! points). So `git push --force origin main` is 75 (verify), `rm -rf / on production` 95
//! (danger zone), `DELETE FROM users WHERE id = 3` 50 (confirm), `git status` 0.
//!
//! The returned danger level is the highest any signal suggests (none when nothing was found).
//!
//! # Config
//!
//! `{}` (the default), or extra signals for an organization:
//!
//! ```json
//! {"extraSignals": [
//!   {"pattern": "*billing*", "points": 70, "code": "org.billing", "message": "touches billing"}
//! ]}
//! ```
//!
//! `pattern` is a glob matched like the pattern stage's (`*`, `?`, case-insensitive,
//! word-aligned: see `airlock_guest_common::glob`) against the hint, each param string and the
//! operation name; `points` is 0 to 100 and combines like any signal; `code` is 1 to 64 bytes of
//! `a-z 0-9 . _ -`; `message` is 1 to 1024 bytes. Every key is required; unknown keys anywhere are
//! errors; at most 10,000 extra signals.

pub mod config;
pub mod model;
pub mod signals;

use std::cell::RefCell;

use airlock_guest_common::danger::DangerPatterns;
use airlock_guest_common::glob::Text;

use crate::config::Config;
use crate::model::{Assessment, Input, Signal, combine};
use crate::signals::Texts;

/// A configured scorer.
#[derive(Debug, Clone, Default)]
pub struct Scorer {
    config: Config,
    names: DangerPatterns,
    /// The signals vector, kept from call to call (the guest keeps one scorer for all its calls).
    scratch: RefCell<Vec<Signal>>,
}

impl Scorer {
    /// A scorer for a JSON config.
    pub fn from_json(json: &str) -> Result<Self, String> {
        Ok(Self {
            config: Config::from_json(json)?,
            names: DangerPatterns::new(),
            scratch: RefCell::default(),
        })
    }

    /// Scores one action.
    pub fn score(&self, input: &Input<'_>) -> Assessment {
        let mut out = std::mem::take(&mut *self.scratch.borrow_mut());
        let texts = Texts::new(input);
        let recent: Vec<&str> = input.recent_hints.iter().map(String::as_str).collect();
        let judgement = airlock_judge::judge_texts(texts.docs.iter().map(|d| &**d), &recent);
        out.extend(judgement.findings.into_iter().map(signals::from_finding));
        signals::structured(input, &texts, &self.names, &mut out);
        if !self.config.extra_signals.is_empty() {
            let mut prepared: Vec<Text> = texts.docs.iter().map(|d| Text::new(d)).collect();
            if let Some(op) = input.operation {
                prepared.push(Text::new(op));
            }
            for extra in &self.config.extra_signals {
                if prepared.iter().any(|t| extra.glob.matches_in(t)) {
                    out.push(Signal::new(
                        extra.code.clone(),
                        extra.points,
                        None,
                        extra.message.clone(),
                    ));
                }
            }
        }
        let assessment = combine(&mut out);
        *self.scratch.borrow_mut() = out;
        assessment
    }
}

#[cfg(target_arch = "wasm32")]
mod component {
    wit_bindgen::generate!({ path: "../../wit", world: "risk-scorer" });

    use std::cell::RefCell;

    use self::airlock::policy::types::{Action, DangerLevel, Endpoint, Factor, Score};
    use self::exports::airlock::policy::scorer::Guest;
    use crate::Scorer;
    use crate::model::{self, Input, Level};

    thread_local! {
        /// The scorer `configure` built; the default (`{}`), built on first use, until then (so
        /// `configure` does not build a default scorer only to replace it).
        static SCORER: RefCell<Option<Scorer>> = const { RefCell::new(None) };
    }

    fn level_in(l: DangerLevel) -> Level {
        match l {
            DangerLevel::Safe => Level::Safe,
            DangerLevel::Reversible => Level::Reversible,
            DangerLevel::Destructive => Level::Destructive,
            DangerLevel::Dangerous => Level::Dangerous,
            DangerLevel::Forbidden => Level::Forbidden,
        }
    }

    fn level_out(l: Level) -> DangerLevel {
        match l {
            Level::Safe => DangerLevel::Safe,
            Level::Reversible => DangerLevel::Reversible,
            Level::Destructive => DangerLevel::Destructive,
            Level::Dangerous => DangerLevel::Dangerous,
            Level::Forbidden => DangerLevel::Forbidden,
        }
    }

    struct DefaultScorer;

    impl Guest for DefaultScorer {
        fn configure(config_json: String) -> Result<(), String> {
            let scorer = Scorer::from_json(&config_json)?;
            SCORER.with(|s| *s.borrow_mut() = Some(scorer));
            Ok(())
        }

        fn score(action: Action) -> Score {
            let input = Input {
                hint: &action.hint,
                operation: action.operation.as_deref(),
                endpoint: action.endpoint.map(|e| match e {
                    Endpoint::Create => model::Endpoint::Create,
                    Endpoint::Read => model::Endpoint::Read,
                    Endpoint::Update => model::Endpoint::Update,
                    Endpoint::Delete => model::Endpoint::Delete,
                    Endpoint::Execute => model::Endpoint::Execute,
                }),
                params_json: action.params_json.as_deref(),
                destructive_hint: action.annotations.and_then(|a| a.destructive_hint),
                read_only_hint: action.annotations.and_then(|a| a.read_only_hint),
                danger_level: action.danger_level.map(level_in),
                recent_hints: &action.recent_hints,
            };
            let assessment = SCORER.with(|s| {
                s.borrow_mut()
                    .get_or_insert_with(Scorer::default)
                    .score(&input)
            });
            Score {
                value: assessment.value,
                factors: assessment
                    .factors
                    .into_iter()
                    .map(|f| Factor {
                        code: f.code,
                        message: f.message,
                        points: f.points,
                    })
                    .collect(),
                danger_level: assessment.danger_level.map(level_out),
            }
        }
    }

    export!(DefaultScorer);
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod differential;
