//! Where a cluster command acts, from every option that names a place, not only the first one
//! found: `helm uninstall x -n ingress-nginx --kube-context prod-eu` names its namespace first
//! and its production cluster second, and reading one option stopped at the namespace. The
//! options are the clients' own (kubectl's global flags, helm's, argocd's, kustomize's and
//! kubecolor's pass-through): a namespace, a context, a cluster, a kubeconfig file, an API
//! server, Argo CD's server. A value whose words say production (`prod-eu`, `prd`,
//! `~/.kube/production.yaml`, `argocd.prod.example.com`) raises what the reader finds there.

use super::Cmd;
use super::containers::production;

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
