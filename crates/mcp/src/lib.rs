//! airlock-mcp: airlock as an MCP server.
//!
//! [`dongle::Dongle`] is the safety dongle (safety loop spec section 2): the MCP-AQL tools
//! `mcp_aql_read`, `mcp_aql_create` and `mcp_aql_execute` (or the single tool `mcp_aql`), each
//! taking `{operation, params}` and answering with the operation-result envelope as JSON text.
//! The operations run on an [`AgentOps`]: the engine in this process, or the one another
//! process owns (see the host's shared state).

#![deny(missing_docs)]

pub mod dongle;
pub mod gateway;
pub mod stdio;

pub use dongle::{AgentOps, Dongle, EndpointMode};
pub use gateway::{Gateway, GatewayConfig, ToolGate};
