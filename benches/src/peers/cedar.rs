//! `policies/policy.cedar` on cedar-policy.
//!
//! Cedar's `like` matches a whole string against `*` wildcards; it cannot lowercase, collapse
//! whitespace, find word boundaries or canonicalize a name. So [`Cedar::decide_hint`] and
//! [`Cedar::decide_operation`] prepare those strings (see `policy.cedar` for what each context
//! attribute holds) before asking Cedar, and a bench of them times the preparation as part of
//! Cedar's cost: a Cedar deployment would have to do it too.
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
/// boundary: another character that is neither a word character nor whitespace, as the marker
/// is, so the hint's words stay where they were.
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
                RestrictedExpression::new_string(operation_like_names(hint)),
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

fn push_spellings(out: &mut String, name: &str) {
    let canonical = canonical_name(name);
    out.push_str(&canonical);
    out.push('|');
    if let Some(plain) = plain_spelling(name, &canonical) {
        out.push_str(&plain);
        out.push('|');
    }
}

/// The words of the hint that look like snake_case operation names (a `_` between letters or
/// digits, starting with a letter: `drop_table`, `mcp__db__wipe_data`, not `__init__`), in both
/// spellings (see [`name_spellings`]), each between `|`: `"|drop_table|mcp_db_wipe_data|"`;
/// empty when there are none.
pub fn operation_like_names(hint: &str) -> String {
    let mut out = String::new();
    for word in hint.split(|c: char| !is_word(c)) {
        let trimmed = word.trim_matches('_');
        if !trimmed.contains('_') || !trimmed.chars().next().is_some_and(char::is_alphabetic) {
            continue;
        }
        if out.is_empty() {
            out.push('|');
        }
        push_spellings(&mut out, word);
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
    fn operation_like_words_are_canonical() {
        assert_eq!(
            operation_like_names("call DROP_TABLE, then __init__ and mcp__db__wipeData"),
            "|drop_table|mcp_db_wipe_data|mcp_db_wipedata|"
        );
        assert_eq!(operation_like_names("drop the table"), "");
        assert_eq!(
            operation_like_names("then WiPe_DaTa"),
            "|wi_pe_da_ta|wipe_data|"
        );
    }

    #[test]
    fn operation_names_carry_both_spellings() {
        assert_eq!(name_spellings("drop_table"), "|drop_table|");
        assert_eq!(name_spellings("DropTable"), "|drop_table|droptable|");
        assert_eq!(name_spellings("DrOp_TaBlE"), "|dr_op_ta_bl_e|drop_table|");
        assert_eq!(name_spellings("DROP-TABLE"), "|drop_table|");
    }
}
