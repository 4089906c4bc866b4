//! The OpenAPI document of the API (`GET /v1/openapi.json`).

use serde_json::{Value, json};

/// The document.
pub fn document() -> Value {
    let error = json!({"type": "object", "properties": {
        "code": {"type": "string"}, "message": {"type": "string"}, "details": {"type": "object"}},
        "required": ["code", "message"]});
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "airlock local decision API",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Decisions for AI agents' actions, and the MCP-AQL execution safety loop, over HTTP on loopback or a unix socket."
        },
        "paths": {
            "/v1/decide": {"post": {
                "summary": "Decide one action: an operation through the native gate, a hint through the WebAssembly stages, or both. The same JSON as `airlock check --json`.",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "type": "object", "additionalProperties": false,
                    "properties": {
                        "operation": {"type": "string"}, "hint": {"type": "string"},
                        "recent_hints": {"type": "array", "items": {"type": "string"}},
                        "agent": {"type": "string"},
                        "endpoint": {"enum": ["create", "read", "update", "delete", "execute"]},
                        "params": {"type": "object"},
                        "annotations": {"type": "object", "description": "MCP ToolAnnotations"},
                        "adapter": {"type": "string", "description": "an adapter of policy.json; its trust block gives the trust"},
                        "trust": {"enum": ["untested", "generated", "validated", "community_reviewed", "certified"]},
                        "autonomy": {"enum": ["A0", "A1", "A2", "A3", "A4"]},
                        "safety_mode": {"enum": ["read-only", "write-idempotent", "write-destructive"]},
                        "risk": {"enum": ["low", "medium", "high", "critical"]},
                        "context": {"type": "object"}
                    }}}}},
                "responses": {
                    "200": {"description": "The decision: outcome (allow, confirm, verify, preview, deny, stop), danger level, factors...", "content": {"application/json": {"schema": {"type": "object", "required": ["outcome"]}}}},
                    "400": {"description": "A bad body: VALIDATION_INVALID_ENCODING, VALIDATION_UNKNOWN_FIELD, VALIDATION_INVALID_TYPE, VALIDATION_INVALID_PARAMS", "content": {"application/json": {"schema": {"type": "object", "properties": {"error": error}}}}},
                    "413": {"description": "VALIDATION_PAYLOAD_TOO_LARGE"}
                }}},
            "/v1/operations": {"post": {
                "summary": "One MCP-AQL operation of the execution safety loop (execute_agent, record_execution_step, complete_execution, abort_execution, confirm_operation, verify_challenge, introspect).",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "type": "object", "additionalProperties": false, "required": ["operation"],
                    "properties": {"operation": {"type": "string"}, "params": {"type": "object"}}}}}},
                "responses": {
                    "200": {"description": "The MCP-AQL operation result: {success: true, data} or {success: false, error}", "content": {"application/json": {"schema": {"type": "object", "required": ["success"]}}}},
                    "400": {"description": "A bad body, as an operation result with success false"},
                    "413": {"description": "VALIDATION_PAYLOAD_TOO_LARGE"}
                }}},
            "/v1/status": {"get": {"summary": "The policy generation, its source, reloads and the last reload error, the loaded components with their call and failure counts, the safety loop's mode.", "responses": {"200": {"description": "status"}}}},
            "/healthz": {"get": {"summary": "Liveness.", "responses": {"200": {"description": "ok"}}}},
            "/metrics": {"get": {"summary": "Prometheus text: decisions by outcome, operations, request latency, policy reloads and failures, guest calls and failures, blocked agents, pending approvals.", "responses": {"200": {"description": "metrics"}}}},
            "/v1/openapi.json": {"get": {"summary": "This document.", "responses": {"200": {"description": "OpenAPI 3.1"}}}}
        }
    })
}
