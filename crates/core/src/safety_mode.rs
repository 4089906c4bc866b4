//! Hierarchical safety modes over ToolAnnotations (safety-modes ADR): which tools a mode admits.
//!
//! `read-only` admits tools with `readOnlyHint: true`; `write-idempotent` adds writes that are
//! not destructive (`readOnlyHint: false` and `destructiveHint: false`); `write-destructive`
//! admits everything, leaving the other layers to gate. Absent hints take the MCP defaults, so a
//! tool with no annotations is admitted only by `write-destructive`.

use crate::annotations::ToolAnnotations;
use crate::levels::SafetyMode;

/// Whether `mode` admits a tool with these annotations (`None`: the tool declares none).
pub fn admits(mode: SafetyMode, annotations: Option<&ToolAnnotations>) -> bool {
    let default = ToolAnnotations::default();
    let a = annotations.unwrap_or(&default);
    match mode {
        SafetyMode::ReadOnly => a.read_only(),
        SafetyMode::WriteIdempotent => a.read_only() || !a.destructive(),
        SafetyMode::WriteDestructive => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SafetyMode::*;

    fn hints(read_only: Option<bool>, destructive: Option<bool>) -> ToolAnnotations {
        ToolAnnotations {
            read_only_hint: read_only,
            destructive_hint: destructive,
            ..ToolAnnotations::default()
        }
    }

    /// The ADR's hierarchy, cell by cell: (readOnlyHint, destructiveHint) -> admitted by
    /// read-only, write-idempotent, write-destructive. `None` is an absent hint.
    #[test]
    fn every_cell_of_the_adr_hierarchy() {
        let table = [
            (Some(true), None, [true, true, true]),
            (Some(true), Some(true), [true, true, true]),
            (Some(false), Some(false), [false, true, true]),
            (Some(false), Some(true), [false, false, true]),
            (Some(false), None, [false, false, true]),
            (None, Some(false), [false, true, true]),
            (None, None, [false, false, true]),
        ];
        for (ro, de, expected) in table {
            let a = hints(ro, de);
            for (mode, want) in [ReadOnly, WriteIdempotent, WriteDestructive]
                .into_iter()
                .zip(expected)
            {
                assert_eq!(
                    admits(mode, Some(&a)),
                    want,
                    "{mode} with readOnly={ro:?} destructive={de:?}"
                );
            }
        }
        assert!(!admits(ReadOnly, None));
        assert!(!admits(WriteIdempotent, None));
        assert!(admits(WriteDestructive, None));
    }

    #[test]
    fn modes_nest() {
        for ro in [None, Some(true), Some(false)] {
            for de in [None, Some(true), Some(false)] {
                let a = hints(ro, de);
                assert!(!admits(ReadOnly, Some(&a)) || admits(WriteIdempotent, Some(&a)));
                assert!(!admits(WriteIdempotent, Some(&a)) || admits(WriteDestructive, Some(&a)));
            }
        }
    }
}
