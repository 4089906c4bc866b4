//! A CLI told on its line to work on its local emulation, not the service: Firebase's demo
//! projects (an id starting with `demo-` is, by Firebase's documentation, a project that
//! exists only in the Emulator Suite: no real resource has it) and Wrangler's `--local`
//! (Cloudflare's KV, R2 and D1 simulated on this machine under `.wrangler/state`).
//!
//! Read from the options, never from words: every `--project`/`-P` value a `demo-` id (the
//! default project from `.firebaserc` is unknown here, so none given keeps the grade), or
//! `--local` with no `--remote`/`--preview` beside it. Only the command's cloud and database
//! findings are lowered; another command of the line keeps its own. A kube context given on
//! the line that names a local cluster (`--context kind-lab`) lowers kubectl's secret reads
//! there: the secret is the throwaway cluster's fixture.

use super::Cmd;
use crate::finding::{Family, Finding, Severity};

/// Every value of an option (`--x v`, `--x=v`), in order.
fn values<'c>(cmd: &Cmd<'c>, names: &[&str]) -> Vec<&'c str> {
    let mut out = Vec::new();
    let mut it = cmd.args.iter();
    while let Some(a) = it.next() {
        if names.contains(&&**a) {
            out.push(it.next().map_or("", |v| &**v));
        } else if let Some(v) = names
            .iter()
            .find_map(|n| a.strip_prefix(n).and_then(|v| v.strip_prefix('=')))
        {
            out.push(v);
        }
    }
    out
}

/// What local emulation `cmd` provably works on.
fn local(cmd: &Cmd<'_>) -> Option<&'static str> {
    match cmd.program {
        "firebase" => {
            let projects = values(cmd, &["--project", "-P"]);
            (!projects.is_empty()
                && projects
                    .iter()
                    .all(|p| p.trim_matches(['\'', '"']).starts_with("demo-")))
            .then_some("a Firebase demo project, which exists only in the emulators")
        }
        "wrangler" => {
            let words: Vec<&str> = cmd.words().collect();
            let local = words
                .iter()
                .any(|w| *w == "--local" || *w == "--local=true");
            let remote = words.iter().any(|w| {
                w.starts_with("--remote") || w.starts_with("--preview") || *w == "--local=false"
            });
            (local && !remote).then_some("Wrangler's local simulation (--local)")
        }
        // A kube context that names the developer's own cluster (kind, k3d, minikube, Docker
        // Desktop...: [`super::containers::local_cluster`]), given on the line with no other
        // kubeconfig or server: a secret read there is a fixture of that cluster.
        "kubectl" | "oc" => (!elsewhere_than_context(cmd)
            && cmd
                .value(&["--context"])
                .is_some_and(super::containers::local_cluster))
        .then_some("a local cluster named by its context"),
        _ => None,
    }
}

/// Whether a kube client's line names where it goes by something other than its context: a
/// kubeconfig file, an API server, a cluster entry, helm's `--kube-apiserver`, or `KUBECONFIG`
/// set on the line. Then a context named like a local cluster proves nothing.
pub fn elsewhere_than_context(cmd: &Cmd<'_>) -> bool {
    cmd.words().take_while(|w| *w != "--").any(|w| {
        w.starts_with("--kubeconfig")
            || w.starts_with("--server")
            || w.starts_with("-s=")
            || w == "-s"
            || w.starts_with("--cluster")
            || w.starts_with("--kube-apiserver")
    }) || cmd
        .assignments
        .iter()
        .chain(cmd.prefix.iter())
        .any(|a| a.starts_with("KUBECONFIG=") || a.starts_with("HELM_KUBEAPISERVER="))
}

/// Lowers this command's cloud and database findings when it works on a local emulation.
pub fn lower(cmd: &Cmd<'_>, found: &mut [Finding]) {
    let kube = matches!(cmd.program, "kubectl" | "oc");
    let about = |f: &Finding| {
        f.severity > Severity::Note
            && if kube {
                f.family == Family::Secrets && f.code == "secrets.read"
            } else {
                matches!(f.family, Family::Cloud | Family::Database)
            }
    };
    if !found.iter().any(about) {
        return;
    }
    let Some(what) = local(cmd) else {
        return;
    };
    for f in found.iter_mut().filter(|f| about(f)) {
        f.severity = Severity::Note;
        f.message = format!("in {what}: {}", f.message);
    }
}
