//! Where a cluster command acts, from every option that names a place, not only the first one
//! found: `helm uninstall x -n ingress-nginx --kube-context prod-eu` names its namespace first
//! and its production cluster second, and reading one option stopped at the namespace. The
//! options are the clients' own (kubectl's global flags, helm's, argocd's, kustomize's and
//! kubecolor's pass-through): a namespace, a context, a cluster, a kubeconfig file, an API
//! server, Argo CD's server. A value whose words say production (`prod-eu`, `prd`,
//! `~/.kube/production.yaml`, `argocd.prod.example.com`) raises what the reader finds there.
//!
//! A delete fed its manifest on stdin (`kustomize build overlays/production | kubectl delete -f
//! -`) acts where the manifest's source says: a production overlay, chart or values file named
//! upstream in the pipeline is production.

use super::containers::production;
use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};
use crate::shell::Script;

/// The options of the cluster clients whose value is a place.
const PLACE_OPTIONS: &[&str] = &[
    "-n",
    "--namespace",
    "--context",
    "--kube-context",
    "--cluster",
    "--kubeconfig",
    "--server",
    "-s",
    "--kube-apiserver",
    "--dest-namespace",
    "--dest-server",
    "--core-namespace",
];

/// Whether any place option of the command (each occurrence, in any spelling `--x v` or
/// `--x=v`) names production.
pub fn production_place(cmd: &Cmd<'_>) -> bool {
    let mut it = cmd.words();
    while let Some(w) = it.next() {
        if !w.starts_with('-') {
            continue;
        }
        if let Some((name, value)) = w.split_once('=') {
            if PLACE_OPTIONS.contains(&name) && production(value) {
                return true;
            }
        } else if PLACE_OPTIONS.contains(&w) {
            match it.next() {
                Some(v) if production(v) => return true,
                _ => {}
            }
        }
    }
    false
}

/// `kubectl delete -f -` (or `oc`) fed by a pipeline whose earlier stages name production
/// (`kustomize build overlays/production`, `helm template x -f values-prod.yaml`): verified.
pub fn judge_fed_delete(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, out: &mut Vec<Finding>) {
    if !matches!(cmd.program, "kubectl" | "oc")
        || !cmd.piped_in
        || cmd
            .operands(&["-f", "--filename", "-n", "--namespace", "--context"])
            .next()
            != Some("delete")
        || !cmd
            .value(&["-f", "--filename"])
            .is_some_and(|v| v == "-" || v == "/dev/stdin")
    {
        return;
    }
    let Some(me) = s.commands.get(index) else {
        return;
    };
    let source = s.commands[..index]
        .iter()
        .rev()
        .take_while(|c| c.pipeline == me.pipeline)
        .flat_map(|c| c.words.iter())
        .find(|w| !w.starts_with('-') && production(w));
    if let Some(source) = source {
        out.push(finding(
            Family::Containers,
            "containers.kubectl-delete",
            Severity::Verify,
            format!(
                "{} delete -f - deletes every resource of a production manifest ({source})",
                cmd.program
            ),
        ));
    }
}
