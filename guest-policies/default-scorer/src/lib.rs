//! airlock's default risk scorer: explained heuristics over what an agent says it will do (the
//! hint), the operation name and its params.
//!
//! # What it looks at
//!
//! The hint, every string in `params-json` (its values, plus its keys together; invalid JSON is
//! read as text), and the operation name, each read as a separate text (256 KiB in all at most).
//! Matching is case- and spacing-insensitive and flag-order-proof: `RM  -RF /`, `Rm -Rf /`,
//! `rm -fr /`, `rm -r -f /` and `rm --force --recursive /` are the same thing.
//!
//! # Signals
//!
//! | code | weight | suggests | what |
//! | --- | ---: | --- | --- |
//! | `shell.fork-bomb` | 95 | forbidden | `:(){ :\|:& };:` and renamed variants |
//! | `shell.rm-root` | 90 | forbidden | `rm -r` of `/`, `/*`, `~`, `$HOME`, `/etc`, `.` ... or `--no-preserve-root` |
//! | `shell.dd-device` | 90 | forbidden | `dd ... of=/dev/...` (not `/dev/null`) |
//! | `shell.mkfs` | 90 | forbidden | `mkfs`, `mkfs.ext4` ... |
//! | `exfil.secrets` | 90 | forbidden | secrets (now, or in the recent hints) sent to an external host |
//! | `sql.drop` | 85 | forbidden | `DROP TABLE/DATABASE/SCHEMA/COLLECTION`, `db.x.drop()` |
//! | `name.forbidden-pattern` | 85 | forbidden | operation name (or a snake_case word of the hint) matching `drop_*`, `delete_all*`, `truncate_*`, `reset_*`, `destroy_*`, `wipe_*`, `*_production` |
//! | `sql.truncate` | 80 | forbidden | `TRUNCATE TABLE x`, `TRUNCATE x` |
//! | `shell.pipe-to-shell` | 75 | dangerous | `curl ... \| sh`, `wget ... \| bash`, `bash <(curl ...)`, `sh -c "$(curl ...)"` |
//! | `sql.delete-all` | 70 | dangerous | `DELETE FROM x` without a `WHERE` (or with `WHERE 1=1`), `deleteMany({})` |
//! | `git.push-force` | 65 | dangerous | `git push --force`/`-f`/`+refspec`, "force push" in prose |
//! | `sql.update-all` | 65 | dangerous | `UPDATE x SET ...` without a `WHERE` |
//! | `name.dangerous-pattern` | 65 | dangerous | names matching `force_*`, `*_permanently`, `bulk_delete*`, `override_*`, `bypass_*`, `*_without_backup`, `purge_*` |
//! | `shell.rm-recursive-force` | 60 | destructive | `rm -rf x` |
//! | `shell.chmod-world-writable-recursive` | 65 | dangerous | `chmod -R 777`, `a+rwx` ... |
//! | `shell.shutdown` | 60 | dangerous | `shutdown`, `reboot`, `poweroff`, `halt` |
//! | `git.reset-hard` | 55 | destructive | `git reset --hard` |
//! | `git.clean-force` | 55 | destructive | `git clean -f`, `-fd`, `-fdx` |
//! | `secrets.credential-file` | 50 | | `~/.ssh`, `id_rsa`, `/etc/shadow`, `.env`, `.aws/credentials`, `.netrc`, private keys ... |
//! | `git.push-force-with-lease` | 50 | destructive | `git push --force-with-lease` |
//! | `sql.alter-drop` | 50 | destructive | `ALTER TABLE x DROP ...` |
//! | `shell.rm-recursive` | 45 | destructive | `rm -r x` |
//! | `shell.find-delete` | 45 | destructive | `find ... -delete` |
//! | `target.production` | 40 | (raises to forbidden) | `prod`, `production`, `--env=prod`, `prod-db`, `deploy_production` (not `non-prod`, `pre-production`, `production-ready`) |
//! | `exfil.external` | 40 | | `upload`/`send`/`post`/`email`/`scp`/`rsync`/`curl -d`/`curl -F`/`wget --post-*` ... with an external URL, domain, e-mail or `host:path` (not localhost or private addresses) |
//! | `git.branch-force-delete` | 35 | destructive | `git branch -D` |
//! | `sql.delete-where` | 30 | destructive | `DELETE FROM x WHERE ...` |
//! | `secrets.keyword` | 30 | | `password`, `passwd` (`/etc/passwd`), `secret`, `token`, `credentials`, `api key` ... |
//! | `shell.chmod-world-writable` | 30 | reversible | `chmod 777 x` |
//! | `sql.update-where` | 25 | reversible | `UPDATE x SET ... WHERE ...` |
//! | `endpoint.delete` | 25 | destructive | the operation is on the delete endpoint |
//! | `shell.rm` | 20 | destructive | `rm x` |
//! | `annotation.destructive` | 20 | destructive | `destructiveHint: true` (and not read-only) |
//! | `git.protected-branch` | 20 | | a force push naming `main`, `master`, `trunk` or `release` |
//! | `scope.bulk` | 15 | | `all`, `every`, `entire`, `everything`, `everyone`, `whole` |
//! | `scope.wildcard` | 15 | | a `*` in a path or argument (`*.log`, `/tmp/*`, `rm *`) |
//! | `danger-level.<level>` | 0/20/50/75/95 | that level | airlock's classification: safe, reversible, destructive, dangerous, forbidden |
//! | config `extraSignals` | as configured | | see below |
//!
//! # Combination
//!
//! The score is not a plain sum, where a handful of weak hints would add up to a strong one, nor
//! a plain maximum, where corroboration would count for nothing:
//!
//! - each code counts once, at its heaviest;
//! - the heaviest signal counts in full, and every other distinct signal adds half its weight
//!   (rounded up), heaviest first;
//! - the score is capped at 100.
//!
//! Every point is explained: each factor's `points` is what it added, so the factors' points add
//! up to the score exactly (a factor beyond the cap keeps its message with the points left, maybe
//! 0). So `git push --force to main` is 65 + 20/2 = 75 (verify), `rm -rf / on production` is
//! 90 + 40/2 -> 100 (danger zone), `DELETE FROM users WHERE id = 3` is 30 (advisory).
//!
//! The returned danger level is the highest any signal suggests (none when nothing was found);
//! a destructive-or-worse action that also targets production is `forbidden`.
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
pub mod lexicon;
pub mod model;
pub mod signals;

use std::borrow::Cow;
use std::cell::RefCell;

use airlock_guest_common::danger::DangerPatterns;
use airlock_guest_common::glob::Text;

use crate::config::Config;
use crate::model::{Assessment, Input, Signal, combine};
use crate::signals::{Doc, DocBuffers, Texts, Word, recycle};

/// A configured scorer.
#[derive(Debug, Clone, Default)]
pub struct Scorer {
    config: Config,
    names: DangerPatterns,
    /// Buffers kept from call to call (the guest keeps one scorer for all its calls): once they
    /// have grown to fit, scoring an action allocates little more than its result.
    scratch: RefCell<Scratch>,
}

/// The vectors [`Scorer::score`] fills for each action, empty between calls. They hold borrowed
/// texts during a call, and are [recycled](recycle) to `'static` items (still empty) after it.
#[derive(Debug, Clone, Default)]
struct Scratch {
    texts: Vec<Cow<'static, str>>,
    /// The lower-case forms of the documents that have capitals (or are not ASCII), one after
    /// another.
    lower: String,
    /// Where each document's lower-case form is in `lower` (`None`: the document itself).
    spans: Vec<Option<(usize, usize)>>,
    docs: Vec<Doc<'static>>,
    /// The vectors of the documents of earlier calls.
    doc_buffers: Vec<DocBuffers>,
    words: Vec<Word<'static>>,
    signals: Vec<Signal>,
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
    pub fn score<'a>(&self, input: &Input<'a>) -> Assessment {
        let mut guard = self.scratch.borrow_mut();
        let scratch = &mut *guard;
        let texts = Texts::new_in(input, recycle(std::mem::take(&mut scratch.texts)));
        // Each document lowercased once, for its segments' words and its alphanumeric words;
        // only those with capitals (or not ASCII) are copied, all into one string.
        scratch.lower.clear();
        let mut spans = recycle(std::mem::take(&mut scratch.spans));
        spans.extend(
            texts
                .docs
                .iter()
                .map(|d| signals::lowercase_into(d, &mut scratch.lower)),
        );
        let arena: &str = &scratch.lower;
        let lower = |i: usize| match spans[i] {
            Some((start, end)) => &arena[start..end],
            None => &*texts.docs[i],
        };
        let mut docs: Vec<Doc<'_>> = recycle(std::mem::take(&mut scratch.docs));
        for (i, d) in texts.docs.iter().enumerate() {
            let buffers = scratch.doc_buffers.pop().unwrap_or_default();
            docs.push(Doc::with_buffers(d, lower(i), buffers));
        }
        // About one word per 4 bytes of text: reserved once rather than grown several times.
        let bytes: usize = texts.docs.iter().map(|d| d.len()).sum();
        let mut words: Vec<Word<'_>> = recycle(std::mem::take(&mut scratch.words));
        words.reserve((bytes / 4).min(1024) + 4);
        for (i, d) in texts.docs.iter().enumerate() {
            signals::push_lower_alnum_words(d, lower(i), &mut words);
        }
        let mut out = std::mem::take(&mut scratch.signals);
        for doc in &docs {
            signals::shell(doc, &mut out);
            signals::sql(doc, &mut out);
        }
        // Which word detectors can find anything: one table probe per word.
        let flags = signals::word_flags(&words);
        signals::force_push_in_words(&words, flags, &mut out);
        signals::production(&words, flags, &mut out);
        signals::bulk(&words, flags, &docs, &mut out);
        let secrets = signals::secrets(&docs, &words, flags, &mut out);
        signals::exfiltration(&docs, &words, flags, &secrets, input.recent_hints, &mut out);
        signals::structured(input, &self.names, &mut out);
        if !self.config.extra_signals.is_empty() {
            let prepared: Vec<Text> = texts.docs.iter().map(|d| Text::new(d)).collect();
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
        // Every buffer back, emptied, for the next call.
        scratch.signals = out;
        scratch.words = recycle(words);
        scratch
            .doc_buffers
            .extend(docs.drain(..).map(Doc::into_buffers));
        scratch.docs = recycle(docs);
        scratch.spans = recycle(spans);
        scratch.texts = recycle(texts.docs);
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
