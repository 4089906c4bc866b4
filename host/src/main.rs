//! The `airlock` binary: a thin command line over the airlock crates.
//!
//! Parsing and dispatch live here; every decision is made by the library crates, so what the
//! CLI prints is exactly what a sidecar or gateway would decide for the same input.

mod check;
mod cli;
mod completions;
mod environment;
mod guests;
mod hook;
mod http;
mod init;
mod ipc;
mod logging;
mod operator_api;
mod operator_auth;
mod operator_cmd;
mod policy_cmd;
mod policy_dir;
mod policy_eval;
mod proxy;
mod serve;
mod service;
mod signals;
mod state_dir;
mod telemetry;
mod xdg;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
