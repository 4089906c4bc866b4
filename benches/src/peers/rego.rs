//! `policies/policy.rego` on regorus.
//!
//! regorus's prepared path: the module is parsed and compiled once per entry point
//! ([`regorus::compile_policy_with_entrypoint`]), and each decision is
//! [`CompiledPolicy::eval_with_input`], which starts an evaluation from the compiled policy
//! without re-parsing or re-analysing it. Regexes are compiled once and kept in regorus's
//! regex cache (its `cache` feature).

use regorus::{CompiledPolicy, PolicyModule, Value};

use crate::corpus::CorpusOperation;
use crate::verdict::Verdict;

/// The Rego engine, ready to decide.
#[derive(Debug, Clone)]
pub struct Rego {
    hint: CompiledPolicy,
    operation: CompiledPolicy,
}

impl Rego {
    /// Compiles `policy.rego` for its two entry points.
    pub fn load() -> Result<Self, String> {
        let source = super::read_policy("policy.rego")?;
        Self::from_source(&source)
    }

    /// Compiles a Rego source for the entry points `data.airlock.peers.hint_verdict` and
    /// `data.airlock.peers.operation_verdict`.
    pub fn from_source(source: &str) -> Result<Self, String> {
        let modules = [PolicyModule {
            id: "policy.rego".into(),
            content: source.into(),
        }];
        let compile = |rule: &str| {
            regorus::compile_policy_with_entrypoint(Value::new_object(), &modules, rule.into())
                .map_err(|e| format!("policy.rego: {e}"))
        };
        Ok(Self {
            hint: compile("data.airlock.peers.hint_verdict")?,
            operation: compile("data.airlock.peers.operation_verdict")?,
        })
    }

    /// The verdict for a hint.
    pub fn decide_hint(&self, hint: &str) -> Result<Verdict, String> {
        let mut input = Value::new_object();
        insert(&mut input, "hint", Value::from(hint))?;
        verdict(self.hint.eval_with_input(input))
    }

    /// The verdict for a structured operation. Absent facts are absent from the input (Rego
    /// rules on them are then undefined, which the policy's defaults handle).
    pub fn decide_operation(&self, op: &CorpusOperation) -> Result<Verdict, String> {
        let mut input = Value::new_object();
        insert(&mut input, "operation", Value::from(op.name.as_str()))?;
        insert(&mut input, "trust", Value::from(op.trust.as_str()))?;
        if let Some(endpoint) = op.endpoint {
            insert(&mut input, "endpoint", Value::from(endpoint.as_str()))?;
        }
        if let Some(a) = &op.annotations {
            let mut annotations = Value::new_object();
            if let Some(b) = a.read_only_hint {
                insert(&mut annotations, "readOnlyHint", Value::from(b))?;
            }
            if let Some(b) = a.destructive_hint {
                insert(&mut annotations, "destructiveHint", Value::from(b))?;
            }
            insert(&mut input, "annotations", annotations)?;
        }
        verdict(self.operation.eval_with_input(input))
    }
}

fn insert(object: &mut Value, key: &str, value: Value) -> Result<(), String> {
    object
        .as_object_mut()
        .map_err(|e| e.to_string())?
        .insert(Value::from(key), value);
    Ok(())
}

fn verdict<E: std::fmt::Display>(result: Result<Value, E>) -> Result<Verdict, String> {
    let value = result.map_err(|e| format!("policy.rego: {e}"))?;
    let name = value
        .as_string()
        .map_err(|_| format!("policy.rego returned {value:?}, not a verdict name"))?;
    Verdict::from_name(name).ok_or_else(|| format!("policy.rego returned unknown verdict {name:?}"))
}
