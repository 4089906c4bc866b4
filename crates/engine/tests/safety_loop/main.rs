//! The execution safety loop end to end: a real engine with the default guests built from
//! source, a redb file and a file human channel. `compliance` has one test per requirement of
//! the safety loop spec, section 9 (mapped in docs/compliance.md).

mod blocked_identity;
mod bounded_state;
mod common;
mod compliance;
mod flows;
mod group_commit;
mod limits;
mod one_answer;
mod operations;
mod operator_auth;
mod restart;
mod secrecy;
mod self_approval;
mod store_failure;
