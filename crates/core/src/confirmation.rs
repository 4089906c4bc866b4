//! What a confirmation asks of a person: the prompt (with `{param}` interpolation), the
//! cooldown and re-authentication of danger-levels 3.2.

use serde::Serialize;
use serde_json::Value;

/// The longest prompt produced, in bytes: params come from the agent and must not be able to
/// flood an operator's screen.
pub const MAX_MESSAGE_LEN: usize = 1024;
/// The longest rendering of one interpolated param, in characters.
const MAX_PARAM_LEN: usize = 128;

/// What a person is asked before an action that needs confirmation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConfirmationRequirements {
    /// The prompt, params interpolated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Minimum seconds between confirmation and execution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cooldown_seconds: Option<u32>,
    /// Whether re-authentication is required.
    pub requires_reauth: bool,
}

/// Replaces each `{name}` or `{a.b}` in `template` with that param: strings as they are, other
/// values as JSON. Unknown params stay as written, so a typo in a template is visible rather
/// than silently blank. Control characters in values are replaced, and each value and the whole
/// message are capped in length.
pub fn interpolate(template: &str, params: &Value) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) if is_path(&after[..close]) => {
                let path = &after[..close];
                match lookup(params, path) {
                    Some(v) => push_value(&mut out, v),
                    None => {
                        out.push('{');
                        out.push_str(path);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
        if out.len() > MAX_MESSAGE_LEN {
            break;
        }
    }
    out.push_str(rest);
    truncate(&mut out, MAX_MESSAGE_LEN);
    out
}

fn is_path(s: &str) -> bool {
    !s.is_empty()
        && s.split('.').all(|seg| {
            !seg.is_empty()
                && seg
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        })
}

fn lookup<'a>(params: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(params, |v, seg| match v {
        Value::Object(map) => map.get(seg),
        Value::Array(items) => seg.parse::<usize>().ok().and_then(|i| items.get(i)),
        _ => None,
    })
}

fn push_value(out: &mut String, v: &Value) {
    let text = match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let clean: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MAX_PARAM_LEN)
        .collect();
    out.push_str(&clean);
    if text.chars().count() > MAX_PARAM_LEN {
        out.push('…');
    }
}

fn truncate(s: &mut String, max: usize) {
    if s.len() > max {
        let mut cut = max;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
        s.push('…');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_spec_example_prompt() {
        let msg = interpolate(
            "Delete repository '{owner}/{repo}'? This cannot be undone.",
            &json!({"owner": "acme", "repo": "widgets"}),
        );
        assert_eq!(
            msg,
            "Delete repository 'acme/widgets'? This cannot be undone."
        );
    }

    #[test]
    fn values_paths_and_unknowns() {
        let params = json!({"count": 150, "target": {"env": "prod"}, "ids": [7, 8]});
        assert_eq!(
            interpolate("{count} rows in {target.env}, first {ids.0}", &params),
            "150 rows in prod, first 7"
        );
        assert_eq!(interpolate("{missing} and {", &params), "{missing} and {");
        assert_eq!(interpolate("{not a path}", &params), "{not a path}");
    }

    #[test]
    fn hostile_values_are_tamed() {
        let params = json!({"x": "a\nb\u{7}c", "long": "y".repeat(10_000)});
        assert_eq!(interpolate("{x}", &params), "a b c");
        let long = interpolate(
            "{long}{long}{long}{long}{long}{long}{long}{long}{long}{long}",
            &params,
        );
        assert!(long.len() <= MAX_MESSAGE_LEN + '…'.len_utf8());
    }
}
