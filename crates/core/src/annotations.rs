//! MCP ToolAnnotations: the hints an MCP server gives about its tools.
//!
//! The MCP specification calls them hints and says clients must not trust them from untrusted
//! servers. airlock uses them in two places, each with the MCP defaults for a hint that is
//! absent (`readOnlyHint` false, `destructiveHint` true, `idempotentHint` false,
//! `openWorldHint` true): the safety mode filter, and danger classification, where an adapter
//! below `validated` may use them only to raise a level (see `classify`).

use serde::{Deserialize, Serialize};

use crate::levels::DangerLevel;

/// The annotations of an MCP tool. Unknown members are kept out (MCP may add hints; airlock
/// ignores what it does not know rather than refusing the tool).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToolAnnotations {
    /// A human-readable title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The tool does not modify its environment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only_hint: Option<bool>,
    /// The tool may perform destructive updates (meaningful only when not read-only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destructive_hint: Option<bool>,
    /// Calling the tool again with the same arguments has no additional effect.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idempotent_hint: Option<bool>,
    /// The tool interacts with an open world of external entities.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_world_hint: Option<bool>,
}

impl ToolAnnotations {
    /// `readOnlyHint`, MCP default false.
    pub fn read_only(&self) -> bool {
        self.read_only_hint.unwrap_or(false)
    }

    /// `destructiveHint`, MCP default true; always false for a read-only tool.
    pub fn destructive(&self) -> bool {
        !self.read_only() && self.destructive_hint.unwrap_or(true)
    }

    /// `idempotentHint`, MCP default false.
    pub fn idempotent(&self) -> bool {
        self.idempotent_hint.unwrap_or(false)
    }

    /// The danger level the hints imply: read-only is `safe`, a destructive write
    /// `destructive`, any other write `reversible`.
    pub fn implied_danger(&self) -> DangerLevel {
        if self.read_only() {
            DangerLevel::Safe
        } else if self.destructive() {
            DangerLevel::Destructive
        } else {
            DangerLevel::Reversible
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_hints_take_the_mcp_defaults() {
        let none = ToolAnnotations::default();
        assert!(!none.read_only());
        assert!(none.destructive());
        assert!(!none.idempotent());
        assert_eq!(none.implied_danger(), DangerLevel::Destructive);
    }

    #[test]
    fn hints_imply_levels() {
        let parse = |s: &str| serde_json::from_str::<ToolAnnotations>(s).expect("annotations");
        assert_eq!(
            parse(r#"{"readOnlyHint":true}"#).implied_danger(),
            DangerLevel::Safe
        );
        // A read-only tool is never destructive, whatever destructiveHint says.
        assert_eq!(
            parse(r#"{"readOnlyHint":true,"destructiveHint":true}"#).implied_danger(),
            DangerLevel::Safe
        );
        assert_eq!(
            parse(r#"{"readOnlyHint":false,"destructiveHint":false}"#).implied_danger(),
            DangerLevel::Reversible
        );
        assert_eq!(
            parse(r#"{"title":"Write","idempotentHint":true,"x-vendor":1}"#).implied_danger(),
            DangerLevel::Destructive
        );
    }
}
