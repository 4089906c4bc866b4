//! Code that inline code loads from elsewhere and runs without anyone reading it:
//! Transformers' `trust_remote_code=True` (the Hub repository's own Python modules are
//! imported and run), and a pickle of something downloaded (`pickle.load(s)`, `joblib.load`,
//! `torch.load`, `dill`, `cloudpickle`, `pandas.read_pickle`, `numpy.load(...,
//! allow_pickle=True)`): unpickling runs whatever the file's author put in it.
//!
//! A model loaded with no remote code (`from_pretrained('bert-base-uncased')`), a pickle the
//! code made itself, and `torch.load(..., weights_only=True)` (tensors only) run nothing.
//! `exec(requests.get(u).text)` is the inline-code reader's fetch-and-run.

use super::finding;
use crate::finding::{Family, Finding, Severity};
use crate::substring::has;

/// Loaders that unpickle what they are given.
const UNPICKLERS: &[&str] = &[
    "pickle.load",
    "joblib.load(",
    "torch.load(",
    "dill.load",
    "cloudpickle.load",
    "read_pickle(",
    "allow_pickle=True",
    "marshal.loads(",
    "shelve.open(",
];

/// Calls that bring a file or bytes from the network.
const DOWNLOADS: &[&str] = &[
    "requests.get(",
    "httpx.get(",
    "urlopen(",
    "urlretrieve(",
    "hf_hub_download(",
    "snapshot_download(",
    "wget.download(",
    "gdown.",
    "fetch(",
    "http://",
    "https://",
    "s3.download_file(",
];

/// Reads inline code for remote code trusted and downloads unpickled.
pub fn judge(body: &str, out: &mut Vec<Finding>) {
    if has(body, "trust_remote_code") {
        let a: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        if a.contains("trust_remote_code=True") || a.contains("trust_remote_code:true") {
            out.push(finding(
                Family::RemoteCode,
                "remote-code.trusted-remote",
                Severity::Confirm,
                "inline code loads a model with trust_remote_code: the Hub repository's own \
                 Python runs here, unread"
                    .to_owned(),
            ));
        }
    }
    if UNPICKLERS.iter().any(|u| has(body, u)) && DOWNLOADS.iter().any(|d| has(body, d)) {
        let a: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        let tensors_only = a.contains("weights_only=True") && !a.contains("pickle");
        if !tensors_only {
            out.push(finding(
                Family::RemoteCode,
                "remote-code.unpickled-download",
                Severity::Verify,
                "inline code unpickles a download: loading a pickle runs whatever code its \
                 author put in it"
                    .to_owned(),
            ));
        }
    }
}
