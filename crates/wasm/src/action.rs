//! The action a stage evaluates: the host-side mirror of the WIT `action` record, in
//! airlock-core's own types so callers never see generated bindings.

use airlock_core::{DangerLevel, Endpoint, ToolAnnotations};

use crate::bindings::wit;

/// One intended action of an agent, as a guest sees it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Action {
    /// The agent's name (the safety loop's `element_name`).
    pub agent: String,
    /// The execution it belongs to; empty outside the safety loop.
    pub execution_id: String,
    /// The step number within the execution; 0 outside the safety loop.
    pub step: u32,
    /// What the agent says it will do next, in its own words (`nextActionHint`).
    pub hint: String,
    /// The operation (tool) name, when known.
    pub operation: Option<String>,
    /// Its CRUDE endpoint, when known.
    pub endpoint: Option<Endpoint>,
    /// Its params as a JSON object text, when known.
    pub params_json: Option<String>,
    /// Its MCP ToolAnnotations, when known (the `title` is not passed to guests).
    pub annotations: Option<ToolAnnotations>,
    /// Its danger level as classified by airlock, when known.
    pub danger_level: Option<DangerLevel>,
    /// The previous hints of the same execution, oldest first.
    pub recent_hints: Vec<String>,
}

impl Action {
    /// An action that is only a free-text hint, as the safety loop reports it.
    pub fn from_hint(hint: impl Into<String>) -> Self {
        Action {
            hint: hint.into(),
            ..Action::default()
        }
    }

    /// The WIT record handed to the guest.
    pub(crate) fn to_wit(&self) -> wit::Action {
        self.clone().into_wit()
    }

    /// The WIT record handed to the guest, taking the strings rather than copying them.
    pub(crate) fn into_wit(self) -> wit::Action {
        wit::Action {
            agent: self.agent,
            execution_id: self.execution_id,
            step: self.step,
            hint: self.hint,
            operation: self.operation,
            endpoint: self.endpoint.map(endpoint_to_wit),
            params_json: self.params_json,
            annotations: self.annotations.map(|a| wit::ToolAnnotations {
                read_only_hint: a.read_only_hint,
                destructive_hint: a.destructive_hint,
                idempotent_hint: a.idempotent_hint,
                open_world_hint: a.open_world_hint,
            }),
            danger_level: self.danger_level.map(danger_to_wit),
            recent_hints: self.recent_hints,
        }
    }
}

fn endpoint_to_wit(endpoint: Endpoint) -> wit::Endpoint {
    match endpoint {
        Endpoint::Create => wit::Endpoint::Create,
        Endpoint::Read => wit::Endpoint::Read,
        Endpoint::Update => wit::Endpoint::Update,
        Endpoint::Delete => wit::Endpoint::Delete,
        Endpoint::Execute => wit::Endpoint::Execute,
    }
}

fn danger_to_wit(level: DangerLevel) -> wit::DangerLevel {
    match level {
        DangerLevel::Safe => wit::DangerLevel::Safe,
        DangerLevel::Reversible => wit::DangerLevel::Reversible,
        DangerLevel::Destructive => wit::DangerLevel::Destructive,
        DangerLevel::Dangerous => wit::DangerLevel::Dangerous,
        DangerLevel::Forbidden => wit::DangerLevel::Forbidden,
    }
}

/// A danger level a guest returned, in airlock-core's type.
pub(crate) fn danger_from_wit(level: wit::DangerLevel) -> DangerLevel {
    match level {
        wit::DangerLevel::Safe => DangerLevel::Safe,
        wit::DangerLevel::Reversible => DangerLevel::Reversible,
        wit::DangerLevel::Destructive => DangerLevel::Destructive,
        wit::DangerLevel::Dangerous => DangerLevel::Dangerous,
        wit::DangerLevel::Forbidden => DangerLevel::Forbidden,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_reaches_the_wit_record() {
        let action = Action {
            agent: "a".into(),
            execution_id: "e".into(),
            step: 3,
            hint: "rm -rf /".into(),
            operation: Some("delete_file".into()),
            endpoint: Some(Endpoint::Delete),
            params_json: Some("{}".into()),
            annotations: Some(ToolAnnotations {
                title: Some("dropped".into()),
                read_only_hint: Some(false),
                destructive_hint: Some(true),
                idempotent_hint: None,
                open_world_hint: Some(false),
            }),
            danger_level: Some(DangerLevel::Dangerous),
            recent_hints: vec!["ls".into()],
        };
        let wit = action.to_wit();
        assert_eq!(wit.agent, "a");
        assert_eq!(wit.execution_id, "e");
        assert_eq!(wit.step, 3);
        assert_eq!(wit.hint, "rm -rf /");
        assert_eq!(wit.operation.as_deref(), Some("delete_file"));
        assert!(matches!(wit.endpoint, Some(wit::Endpoint::Delete)));
        assert_eq!(wit.params_json.as_deref(), Some("{}"));
        let annotations = wit.annotations.expect("annotations");
        assert_eq!(annotations.read_only_hint, Some(false));
        assert_eq!(annotations.destructive_hint, Some(true));
        assert_eq!(annotations.idempotent_hint, None);
        assert_eq!(annotations.open_world_hint, Some(false));
        assert!(matches!(
            wit.danger_level,
            Some(wit::DangerLevel::Dangerous)
        ));
        assert_eq!(wit.recent_hints, vec!["ls".to_string()]);
    }

    #[test]
    fn danger_levels_round_trip() {
        for &level in DangerLevel::ALL {
            assert_eq!(danger_from_wit(danger_to_wit(level)), level);
        }
    }
}
