//! airlock benchmarks: a deterministic corpus of operations and the policy the benches decide
//! them with. The benches themselves are in `benches/gate.rs`.

pub mod corpus;
