//! `policies/policy.cedar` on cedar-policy.
//!
//! Cedar's `like` matches a whole string against `*` wildcards; it cannot lowercase, collapse
//! whitespace, find word boundaries, read a hint's words in order or canonicalize a name. So
//! [`Cedar::decide_hint`] and [`Cedar::decide_operation`] prepare those facts (see `policy.cedar`
//! for what each context attribute holds) before asking Cedar, and a bench of them times the
//! preparation as part of Cedar's cost: a Cedar deployment would have to do it too. The word
//! lists below ([`CONNECTORS`], [`CALL_WORDS`], [`LEAD_WORDS`]) are part of the shared policy
//! that Cedar cannot state itself; `policy.rego` states the same lists.
//!
//! Cedar answers allow or deny; the verdict is read from the `@verdict` annotations of the
//! policies that were satisfied (the response's reasons), strongest first.

use std::collections::HashMap;
use std::str::FromStr;

use airlock_core::glob::{canonical_name, plain_spelling};
use cedar_policy::{
    Authorizer, Context, Entities, EntityUid, PolicyId, PolicySet, Request, RestrictedExpression,
};

use crate::corpus::CorpusOperation;
use crate::verdict::Verdict;

/// Marks the start of a word in the prepared hint.
pub const WORD_START: char = '‹';
/// Marks the end of a word in the prepared hint.
pub const WORD_END: char = '›';
/// What a marker character written by the agent itself becomes, so a hint cannot fake a word
/// boundary or the start of a name: another character that is neither a word character, nor
/// whitespace, nor a name separator, as the marker is, so the hint's words stay where they were.
const MARKER_STANDIN: char = '\u{fffd}';

/// The Cedar engine, ready to decide.
pub struct Cedar {
    policies: PolicySet,
    verdicts: HashMap<PolicyId, Verdict>,
    authorizer: Authorizer,
    entities: Entities,
    principal: EntityUid,
    hint_action: EntityUid,
    operation_action: EntityUid,
    resource: EntityUid,
}

impl std::fmt::Debug for Cedar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cedar")
            .field("policies", &self.verdicts.len())
            .finish_non_exhaustive()
    }
}

fn uid(s: &str) -> Result<EntityUid, String> {
    EntityUid::from_str(s).map_err(|e| format!("{s}: {e}"))
}

impl Cedar {
    /// Parses `policy.cedar`.
    pub fn load() -> Result<Self, String> {
        let source = super::read_policy("policy.cedar")?;
        Self::from_source(&source)
    }

    /// Parses a Cedar source whose every policy carries `@verdict("...")`.
    pub fn from_source(source: &str) -> Result<Self, String> {
        let policies = PolicySet::from_str(source).map_err(|e| format!("policy.cedar: {e}"))?;
        let mut verdicts = HashMap::new();
        for policy in policies.policies() {
            let name = policy
                .annotation("verdict")
                .ok_or_else(|| format!("policy.cedar: policy {} has no @verdict", policy.id()))?;
            let verdict = Verdict::from_name(name)
                .ok_or_else(|| format!("policy.cedar: unknown @verdict({name:?})"))?;
            verdicts.insert(policy.id().clone(), verdict);
        }
        Ok(Self {
            policies,
            verdicts,
            authorizer: Authorizer::new(),
            entities: Entities::empty(),
            principal: uid(r#"Agent::"agent""#)?,
            hint_action: uid(r#"Action::"hint""#)?,
            operation_action: uid(r#"Action::"operation""#)?,
            resource: uid(r#"Tool::"tool""#)?,
        })
    }

    /// The verdict for a hint, including the preparation of its strings.
    pub fn decide_hint(&self, hint: &str) -> Result<Verdict, String> {
        let context = Context::from_pairs([
            (
                "hint".to_owned(),
                RestrictedExpression::new_string(marked_hint(hint)),
            ),
            (
                "names".to_owned(),
                RestrictedExpression::new_string(call_position_names(hint)),
            ),
            (
                "single_action".to_owned(),
                RestrictedExpression::new_bool(single_action(hint)),
            ),
        ])
        .map_err(|e| e.to_string())?;
        self.decide(&self.hint_action, context)
    }

    /// The verdict for a structured operation, including the canonicalization of its name.
    pub fn decide_operation(&self, op: &CorpusOperation) -> Result<Verdict, String> {
        let mut pairs = Vec::with_capacity(4);
        pairs.push((
            "name".to_owned(),
            RestrictedExpression::new_string(name_spellings(&op.name)),
        ));
        pairs.push((
            "trust".to_owned(),
            RestrictedExpression::new_long(op.trust as i64),
        ));
        if let Some(endpoint) = op.endpoint {
            pairs.push((
                "endpoint".to_owned(),
                RestrictedExpression::new_string(endpoint.as_str().to_owned()),
            ));
        }
        if let Some(a) = &op.annotations {
            let mut hints = Vec::with_capacity(2);
            if let Some(b) = a.read_only_hint {
                hints.push(("readOnlyHint".to_owned(), RestrictedExpression::new_bool(b)));
            }
            if let Some(b) = a.destructive_hint {
                hints.push((
                    "destructiveHint".to_owned(),
                    RestrictedExpression::new_bool(b),
                ));
            }
            pairs.push((
                "annotations".to_owned(),
                RestrictedExpression::new_record(hints).map_err(|e| e.to_string())?,
            ));
        }
        let context = Context::from_pairs(pairs).map_err(|e| e.to_string())?;
        self.decide(&self.operation_action, context)
    }

    fn decide(&self, action: &EntityUid, context: Context) -> Result<Verdict, String> {
        let request = Request::new(
            self.principal.clone(),
            action.clone(),
            self.resource.clone(),
            context,
            None,
        )
        .map_err(|e| e.to_string())?;
        let response = self
            .authorizer
            .is_authorized(&request, &self.policies, &self.entities);
        if let Some(error) = response.diagnostics().errors().next() {
            return Err(format!("policy.cedar: {error}"));
        }
        Ok(response
            .diagnostics()
            .reason()
            .filter_map(|id| self.verdicts.get(id).copied())
            .max()
            .unwrap_or(Verdict::FallThrough))
    }
}

/// A word character, as airlock's pattern stage counts them: letters, digits and `_`.
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The hint as `policy.cedar` matches it: lower case, whitespace runs collapsed to one space,
/// trimmed, and every word between [`WORD_START`] and [`WORD_END`]:
/// `"Please  RM -rf ./build"` is `"‹please› ‹rm› -‹rf› ./‹build›"`.
pub fn marked_hint(hint: &str) -> String {
    let mut normalized = String::with_capacity(hint.len());
    for word in hint.split_whitespace() {
        if !normalized.is_empty() {
            normalized.push(' ');
        }
        for c in word.chars().flat_map(char::to_lowercase) {
            normalized.push(if c == WORD_START || c == WORD_END {
                MARKER_STANDIN
            } else {
                c
            });
        }
    }
    let mut out = String::with_capacity(normalized.len() + normalized.len() / 2);
    let mut in_word = false;
    for c in normalized.chars() {
        let word = is_word(c);
        if word && !in_word {
            out.push(WORD_START);
        } else if !word && in_word {
            out.push(WORD_END);
        }
        out.push(c);
        in_word = word;
    }
    if in_word {
        out.push(WORD_END);
    }
    out
}

/// The spellings of an operation name that `policy.cedar` matches patterns against, each
/// between `|`, canonical first: `"|drop_table|"`, `"|dr_op_ta_bl_e|drop_table|"` for
/// `DrOp_TaBlE` (see [`airlock_core::glob::plain_spelling`]).
pub fn name_spellings(name: &str) -> String {
    let mut out = String::with_capacity(2 * name.len() + 3);
    out.push('|');
    push_spellings(&mut out, name);
    out
}

/// Appends a name's spellings, each followed by `|`. A `|` inside a spelling (a hint's token
/// such as `x|drop_table` is one word to airlock, which does not start a name word at `|`)
/// becomes [`MARKER_STANDIN`], so it cannot pose as the start of a spelling.
fn push_spellings(out: &mut String, name: &str) {
    let canonical = canonical_name(name);
    let mut push = |spelling: &str| {
        out.extend(
            spelling
                .chars()
                .map(|c| if c == '|' { MARKER_STANDIN } else { c }),
        );
        out.push('|');
    };
    push(&canonical);
    if let Some(plain) = plain_spelling(name, &canonical) {
        push(&plain);
    }
}

/// Words that join two actions: a hint holding one is not a single action, and the word after
/// one opens an action.
pub const CONNECTORS: [&str; 12] = [
    "then",
    "and",
    "after",
    "afterwards",
    "also",
    "plus",
    "before",
    "next",
    "finally",
    "once",
    "while",
    "meanwhile",
];

/// Words after which the next word is in call position: the operation the agent will run.
pub const CALL_WORDS: [&str; 10] = [
    "call",
    "calling",
    "run",
    "running",
    "invoke",
    "invoking",
    "execute",
    "executing",
    "use",
    "trigger",
];

/// Words an action may open with before naming its operation ("I will", "now", "please").
pub const LEAD_WORDS: [&str; 13] = [
    "i", "i'll", "will", "we", "we'll", "let", "let's", "me", "now", "please", "first", "ok",
    "step",
];

/// Whether `word` is one of `list`, ignoring ASCII case (a Kelvin sign is not a `k`).
fn one_of(word: &str, list: &[&str]) -> bool {
    list.iter().any(|w| word.eq_ignore_ascii_case(w))
}

/// Whether the hint is one action, as `policy.cedar`'s auto-approval requires: no shell
/// operator or substitution (`;` `&` `|` backtick `$(` `>` `<`), no comma, no ASCII control
/// character but tab (so no line break), no non-ASCII character that is not a letter or digit
/// (a fullwidth `；` or a zero-width space could hide a second action), and no whitespace-separated
/// token that, trimmed of what is not a letter or digit, is a [`CONNECTORS`] word.
pub fn single_action(hint: &str) -> bool {
    let joins = |c: char| {
        matches!(c, ';' | '&' | '|' | '`' | ',' | '>' | '<')
            || (c.is_ascii_control() && c != '\t')
            || (!c.is_ascii() && !c.is_alphanumeric())
    };
    if hint.contains("$(") || hint.contains(joins) {
        return false;
    }
    !hint
        .split_whitespace()
        .map(|token| token.trim_matches(|c: char| !c.is_alphanumeric()))
        .any(|word| one_of(word, &CONNECTORS))
}

/// What a token of a hint does to whether the word after it opens an action.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Effect {
    /// The next word opens an action: the token ends an action (`;` `,` `&` `|` at its end),
    /// or is a call word or a connector.
    Opens,
    /// As before: an empty word, or a lead-in (a lead word, a number, a token ending in `:`)
    /// after which an action that had started still has not named its operation.
    Keeps,
    /// Any other word: what follows it is inside the action, not its operation.
    Closes,
}

fn effect(token: &str, word: &str) -> Effect {
    if token.ends_with([';', ',', '&', '|'])
        || one_of(word, &CALL_WORDS)
        || one_of(word, &CONNECTORS)
    {
        Effect::Opens
    } else if word.is_empty()
        || one_of(word, &LEAD_WORDS)
        || word.bytes().all(|b| b.is_ascii_digit())
        || token.ends_with(':')
    {
        Effect::Keeps
    } else {
        Effect::Closes
    }
}

/// Whether a word names an operation: an `_` after a first ASCII letter (`_`s at its ends do not
/// count), or a camelCase change from an ASCII lower-case to an upper-case letter.
fn is_operation_name(word: &str) -> bool {
    let b = word.trim_matches('_').as_bytes();
    let snake = b.contains(&b'_') && b.first().is_some_and(u8::is_ascii_alphabetic);
    snake
        || b.windows(2)
            .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase())
}

/// The operation names the hint runs, in both spellings (see [`name_spellings`]), each between
/// `|`: `"|drop_table|mcp_db_wipe_data|"`; empty when there are none.
///
/// Reading the whitespace-separated tokens in order, a token's word (the token trimmed of what
/// is not a letter, digit or `_`, cut at its first `(`) is in call position when an action
/// opens there ([`Effect`]): at the start of the hint, after a token ending an action, after a
/// call word or a connector, and past lead-ins that follow such a start. A word in call
/// position that names an operation ([`is_operation_name`]) is taken: `call drop_table`,
/// `next: WiPe_DaTa`, `dropTable users`; `explain the drop_duplicates call` is a mention.
pub fn call_position_names(hint: &str) -> String {
    let mut out = String::new();
    let mut opens = true;
    for token in hint.split_whitespace() {
        let trimmed = token.trim_matches(|c: char| !is_word(c));
        let word = trimmed.split('(').next().unwrap_or(trimmed);
        if opens && is_operation_name(word) {
            if out.is_empty() {
                out.push('|');
            }
            push_spellings(&mut out, word);
        }
        match effect(token, word) {
            Effect::Opens => opens = true,
            Effect::Keeps => {}
            Effect::Closes => opens = false,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_are_marked_at_word_boundaries() {
        assert_eq!(
            marked_hint("Please  RM\t-rf ./build"),
            "‹please› ‹rm› -‹rf› ./‹build›"
        );
        assert_eq!(marked_hint("   "), "");
        assert_eq!(marked_hint("airdrop_tokens"), "‹airdrop_tokens›");
        // A marker in the hint cannot pose as a word boundary.
        assert_eq!(marked_hint("air‹drop_x"), "‹air›\u{fffd}‹drop_x›");
    }

    #[test]
    fn names_in_call_position_are_canonical() {
        assert_eq!(
            call_position_names("call DROP_TABLE, then __init__ and mcp__db__wipeData"),
            "|drop_table|mcp_db_wipe_data|mcp_db_wipedata|"
        );
        assert_eq!(call_position_names("drop the table"), "");
        assert_eq!(
            call_position_names("then WiPe_DaTa"),
            "|wi_pe_da_ta|wipe_data|"
        );
        assert_eq!(
            call_position_names("Step 3 - dropTable(users)"),
            "|drop_table|droptable|"
        );
        assert_eq!(
            call_position_names("I will call dROP-taBLe"),
            "|d_rop_ta_b_le|drop_table|"
        );
        // `-` before a capital is no camelCase change: not an operation name.
        assert_eq!(call_position_names("I will call drop-Table"), "");
        // A `|` inside a word cannot pose as the start of a spelling.
        assert_eq!(call_position_names("x|drop_table"), "|x\u{fffd}drop_table|");
        // Mentions: the name is not the operation the action runs.
        assert_eq!(
            call_position_names("explain the drop_duplicates call in x.py"),
            ""
        );
        assert_eq!(call_position_names("review the purge_cache path"), "");
        // All lower case with `-`: not an operation name.
        assert_eq!(call_position_names("drop-table users"), "");
    }

    #[test]
    fn single_actions() {
        assert!(single_action("read_file src/main.rs"));
        assert!(single_action(""));
        assert!(single_action("lire élève.txt"));
        for compound in [
            "a; b",
            "a && b",
            "a | b",
            "a `b`",
            "a $(b)",
            "a\nb",
            "a, b",
            "a then b",
            "a. Then b",
            "a AND b",
            "a > b",
            "a\u{ff1b} b",
            "a\u{200b}b",
        ] {
            assert!(!single_action(compound), "{compound:?}");
        }
    }

    #[test]
    fn operation_names_carry_both_spellings() {
        assert_eq!(name_spellings("drop_table"), "|drop_table|");
        assert_eq!(name_spellings("DropTable"), "|drop_table|droptable|");
        assert_eq!(name_spellings("DrOp_TaBlE"), "|dr_op_ta_bl_e|drop_table|");
        assert_eq!(name_spellings("DROP-TABLE"), "|drop_table|");
    }
}
