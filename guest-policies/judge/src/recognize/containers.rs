//! Containers and clusters: docker/podman removals and prunes, kubectl deletes, drains and
//! scale-downs, helm uninstalls. Production namespaces and contexts grade a finding up one step.

use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};
use crate::prose::lexicon::Verb;

const C: Family = Family::Containers;

/// Whether a kube or docker context names the developer's own throwaway cluster (kind, k3d,
/// minikube, Docker Desktop, Rancher Desktop, OrbStack, Colima): what changes there reaches no
/// one else.
pub fn local_cluster(name: &str) -> bool {
    // Lowercased without a heap copy (every word of many commands passes here).
    crate::substring::with_ascii_lower(name, local_cluster_lower)
}

/// [`local_cluster`] of a lowercased name.
fn local_cluster_lower(n: &str) -> bool {
    matches!(
        n,
        "kind"
            | "minikube"
            | "docker-desktop"
            | "docker-for-desktop"
            | "rancher-desktop"
            | "orbstack"
            | "colima"
    ) || ["kind-", "k3d-", "colima-", "minikube-"]
        .iter()
        .any(|p| n.starts_with(p))
}

/// A reversible change to running workloads (a restart, a rollback, a prune) graded by the
/// plain-language ladder with the environment's scope ([`super::environments::running_change`]:
/// what kubectl, helm and Argo CD reach is shared unless its context names a local cluster,
/// whose changes are not graded at all). `what` names the command for the message.
fn running_change(
    verb: Verb,
    verb_word: &str,
    target: &str,
    prod: bool,
    what: &str,
    code: &'static str,
    out: &mut Vec<Finding>,
) {
    super::environments::running_change(C, verb, verb_word, target, prod, what, code, out);
}

/// Whether a name looks like production (`production`, `prod`, `prod-eu`, `live`).
pub fn production(name: &str) -> bool {
    // Compared in any case where they are, without a lowercased copy of the name: many words
    // of many commands pass here.
    name.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
        ["prod", "production", "prd", "live"]
            .iter()
            .any(|p| w.eq_ignore_ascii_case(p))
    })
}

fn up(s: Severity) -> Severity {
    match s {
        Severity::Note => Severity::Confirm,
        Severity::Confirm => Severity::Verify,
        _ => Severity::Stop,
    }
}

/// The recognizer of containers and clusters.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    match cmd.program {
        "kubectl" | "oc" | "k3s" | "microk8s" => kubectl(cmd, out),
        "helm" => helm(cmd, out),
        "argocd" => argocd(cmd, out),
        _ => docker(cmd, out),
    }
}

/// Argo CD: `app sync --prune` deletes the live resources no longer in git; `app rollback`
/// puts an older revision back on the cluster; `app sync` of a production application ships.
/// `--dry-run` and `--preview-changes` only show.
fn argocd(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let ops: Vec<&str> = cmd
        .operands(&[
            "--server",
            "--project",
            "--revision",
            "--dest-namespace",
            "--app-namespace",
            "-N",
            "--label",
            "-l",
            "--resource",
            "--timeout",
            "--retry-limit",
            "--strategy",
            "--local",
            "--source-position",
            "-o",
            "--output",
        ])
        .collect();
    if ops.first() != Some(&"app") || cmd.has(&["--preview-changes", "--preview"]) {
        return;
    }
    let app = ops.get(2).copied().unwrap_or("the application");
    let prod = production(app)
        || cmd.value(&["--dest-namespace"]).is_some_and(production)
        || super::kube_places::production_place(cmd);
    match ops.get(1).copied().unwrap_or("") {
        "sync" if cmd.has(&["--prune"]) => running_change(
            Verb::Destroy,
            "prune",
            "live resources no longer in git",
            prod,
            &format!("argocd app sync {app} --prune"),
            "containers.argocd-prune",
            out,
        ),
        "sync" => running_change(
            Verb::Release,
            "sync",
            app,
            prod,
            &format!("argocd app sync {app}"),
            "containers.argocd-sync",
            out,
        ),
        "rollback" => running_change(
            Verb::Modify,
            "rollback",
            app,
            prod,
            &format!("argocd app rollback {app}"),
            "containers.argocd-rollback",
            out,
        ),
        _ => {}
    }
}

/// The options of docker, podman and compose that take a value, before or after the
/// subcommand (from `docker --help`, `podman --help`, `docker compose --help`).
const DOCKER_VALUES: &[&str] = &[
    "--context",
    "-c",
    "-H",
    "--host",
    "--config",
    "-l",
    "--log-level",
    "--tlscacert",
    "--tlscert",
    "--tlskey",
    "--connection",
    "--url",
    "--identity",
    "--root",
    "--runroot",
    "--storage-driver",
    "--cgroup-manager",
    "-f",
    "--file",
    "-p",
    "--project-name",
    "--project-directory",
    "--profile",
    "--env-file",
    "--ansi",
    "--progress",
    "--parallel",
    "--filter",
];

/// The daemon a docker or podman command talks to, when it is another machine's: `-H`/`--host`
/// or `--url` (not a local socket or localhost), a `--context`/`-c`/`--connection` that names
/// no local cluster, podman's `--remote`, or `DOCKER_HOST`/`CONTAINER_HOST` set before it.
fn remote_daemon<'c>(cmd: &Cmd<'c>) -> Option<&'c str> {
    let remote = |h: &str| {
        !h.is_empty()
            && !h.starts_with("unix://")
            && !h.starts_with("npipe://")
            && !super::environments::local(h)
            && !local_cluster(h)
            && h != "default"
    };
    let assigned = cmd.assignments.iter().find_map(|a| {
        let (name, value) = a.split_once('=')?;
        matches!(name, "DOCKER_HOST" | "CONTAINER_HOST" | "DOCKER_CONTEXT").then_some(value)
    });
    cmd.value(&["-H", "--host", "--url", "--context", "-c", "--connection"])
        .or(assigned)
        .filter(|h| remote(h))
        .or_else(|| cmd.has(&["--remote"]).then_some("a remote podman service"))
}

fn docker(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    // The global options before the subcommand (docker's and podman's, which select the
    // daemon, and compose's own) take a value: read past them to the subcommand (holdout8
    // analysis K9: `docker -H ssh://host compose -p x down`).
    let ops: Vec<&str> = cmd.operands(DOCKER_VALUES).collect();
    let (a, b) = (
        ops.first().copied().unwrap_or(""),
        ops.get(1).copied().unwrap_or(""),
    );
    let all = cmd.flag(b"a", &["all"]);
    let force = cmd.flag(b"f", &["force"]);
    let volumes = cmd.has(&["--volumes"]) || cmd.flag(b"v", &[]);
    let subst_all = cmd.words().any(|w| {
        (w.contains("$(") || w.contains('`'))
            && (w.contains(" ps") || w.contains("images") || w.contains(" ls"))
    });
    let mut push = |code, severity, msg: String| out.push(finding(C, code, severity, msg));
    match (a, b) {
        ("system", "prune") => push(
            "containers.system-prune",
            if all || volumes {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!(
                "{p} system prune deletes stopped containers, networks{}{}",
                if all {
                    ", every unused image"
                } else {
                    " and dangling images"
                },
                if volumes {
                    " and the volumes (their data)"
                } else {
                    ""
                }
            ),
        ),
        ("volume", "rm" | "remove" | "prune") | ("volume", "delete") => push(
            "containers.volume-delete",
            Severity::Verify,
            format!("{p} volume {b} deletes volumes and the data in them"),
        ),
        // `docker compose rm`: the compose project's containers (`-v`: their anonymous
        // volumes too).
        ("rm" | "container" | "compose", _) if a == "rm" || b == "rm" || b == "prune" => {
            let severity = if subst_all || (a == "container" && b == "prune") {
                Severity::Verify
            } else {
                Severity::Confirm
            };
            push(
                "containers.rm",
                if force || volumes {
                    severity.max(Severity::Confirm)
                } else {
                    severity
                },
                format!(
                    "{p} rm deletes containers{}",
                    if volumes { " and their volumes" } else { "" }
                ),
            );
        }
        ("image", "prune") if !all => push(
            "containers.image-prune",
            Severity::Note,
            format!("{p} image prune deletes dangling images"),
        ),
        ("system", "reset") => push(
            "containers.system-reset",
            Severity::Verify,
            format!("{p} system reset deletes every container, image and volume"),
        ),
        ("rmi", _) | ("image", "rm" | "prune") => push(
            "containers.rmi",
            if subst_all || all {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!("{p} deletes images"),
        ),
        ("kill", _) => push(
            "containers.kill",
            Severity::Confirm,
            format!("{p} kill stops containers abruptly"),
        ),
        ("network", "rm" | "prune") => push(
            "containers.network-rm",
            Severity::Confirm,
            format!("{p} network {b} deletes networks"),
        ),
        ("compose", "down") | ("down", _) if volumes => push(
            "containers.compose-down-volumes",
            Severity::Verify,
            "compose down -v deletes the project's volumes and their data".to_owned(),
        ),
        // Without -v the volumes stay, but the project's containers and networks go: on
        // another machine's daemon (a shared host) that is a bounded change to what others use.
        ("compose", "down") | ("down", _) if remote_daemon(cmd).is_some() => push(
            "containers.compose-down-shared",
            Severity::Confirm,
            format!(
                "{p} compose down on {} removes the project's containers and networks on a shared host",
                remote_daemon(cmd).unwrap_or("another host")
            ),
        ),
        ("run" | "create", _) | ("container", "run") => {
            let privileged =
                cmd.has(&["--privileged", "--pid=host", "--net=host", "--network=host"]);
            let host_root = cmd.words().any(|w| {
                w.starts_with("/:/") || w == "/:/host" || w.starts_with("/var/run/docker.sock")
            });
            if host_root
                || (privileged && cmd.words().any(|w| w.starts_with('/') && w.contains(":/")))
            {
                push(
                    "containers.host-escape",
                    Severity::Verify,
                    format!(
                        "{p} run mounts the host's root or docker socket: full control of the host"
                    ),
                );
            } else if privileged {
                push(
                    "containers.privileged",
                    Severity::Confirm,
                    format!("{p} run --privileged gives the container the host's devices"),
                );
            }
        }
        _ => {}
    }
}

fn kubectl(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let ns = cmd
        .value(&["-n", "--namespace", "--context", "--cluster"])
        .unwrap_or("");
    let prod = production(ns)
        || cmd.words().any(|w| production(w) && !w.starts_with('-'))
        || super::kube_places::production_place(cmd);
    let local = cmd
        .value(&["--context", "--cluster"])
        .is_some_and(local_cluster);
    let all_ns = cmd.flag(b"A", &["all-namespaces"]);
    let all = cmd.has(&["--all"]);
    let ops: Vec<&str> = cmd
        .operands(&[
            "-n",
            "--namespace",
            "--context",
            "--cluster",
            "-l",
            "--selector",
            "-o",
            "--output",
            "-f",
            "--filename",
            "--replicas",
            "--timeout",
            "--grace-period",
            "-c",
            "--container",
            "--field-selector",
            "--kubeconfig",
            // Global options that select the cluster or the identity (`kubectl --server URL
            // --token T delete ...`): read past them to the verb.
            "-s",
            "--server",
            "--user",
            "--token",
            "--as",
            "--as-group",
            "--certificate-authority",
            "--client-certificate",
            "--client-key",
            "--request-timeout",
            "--tls-server-name",
            "--cache-dir",
        ])
        .collect();
    let verb = ops.first().copied().unwrap_or("");
    let kind = ops
        .get(1)
        .map(|k| k.split('/').next().unwrap_or(k).to_ascii_lowercase())
        .unwrap_or_default();
    let grade = |s: Severity| if prod { up(s) } else { s };
    let target = ops.get(1..).map(|o| o.join(" ")).unwrap_or_default();
    let where_ = if ns.is_empty() {
        String::new()
    } else {
        format!(" in {ns}")
    };
    // A manifest or kustomization fetched from a URL when it is applied (`apply -f
    // https://raw.githubusercontent.com/...`, `apply -k github.com/org/repo/config`): what it
    // creates (cluster roles, webhooks, privileged pods) has been read by no one here.
    if matches!(verb, "apply" | "create" | "replace") && !local {
        let remote = cmd.args.iter().enumerate().find_map(|(i, a)| {
            let a: &str = a;
            let (name, value) = match a.split_once('=') {
                Some((n, v)) if n.starts_with("--") => (n, Some(v)),
                _ => (a, None),
            };
            if !matches!(name, "-f" | "--filename" | "-k" | "--kustomize") {
                return None;
            }
            let v = value.or_else(|| cmd.args.get(i + 1).map(|v| &**v))?;
            remote_manifest(v).then_some(v)
        });
        if let Some(url) = remote {
            out.push(finding(
                Family::RemoteCode,
                "remote-code.remote-manifest",
                grade(Severity::Confirm),
                format!(
                    "kubectl {verb} applies a manifest fetched from {url}: cluster objects no one here has reviewed"
                ),
            ));
        }
    }
    // `patch -p '{"spec":{"replicas":0}}'` (or a JSON patch of `/spec/replicas` to 0) is
    // `scale --replicas=0` in a patch's words.
    let body = cmd.value(&["-p", "--patch"]);
    if verb == "patch" && !local && body.is_some_and(patch_scales_to_zero) {
        let type_ = cmd.value(&["--type"]);
        let patched: Vec<&str> = ops[1..]
            .iter()
            .copied()
            .filter(|o| Some(*o) != body && Some(*o) != type_)
            .collect();
        out.push(finding(
            C,
            "containers.kubectl-scale-zero",
            grade(Severity::Confirm),
            format!(
                "kubectl patch sets replicas to 0 for {}{where_}: stops the workload",
                patched.join(" ")
            ),
        ));
    }
    let mut push = |code, severity, msg: String| out.push(finding(C, code, severity, msg));
    match verb {
        "delete" => {
            let base = match kind.as_str() {
                "namespace" | "namespaces" | "ns" => Severity::Verify,
                "node" | "nodes" | "no" | "pv" | "persistentvolume" | "persistentvolumes" | "crd"
                | "crds" | "customresourcedefinition" | "customresourcedefinitions" | "pvc"
                | "persistentvolumeclaim" | "persistentvolumeclaims" | "clusterrole"
                | "clusterrolebinding" | "statefulset" | "statefulsets" | "sts" => Severity::Verify,
                _ if all || all_ns => Severity::Verify,
                _ => Severity::Confirm,
            };
            let base = if (all || all_ns) && base == Severity::Verify && matches!(kind.as_str(), "namespace" | "namespaces" | "ns") {
                Severity::Stop
            } else {
                base
            };
            push(
                "containers.kubectl-delete",
                grade(base),
                format!(
                    "kubectl delete {target}{}{where_} deletes cluster resources{}",
                    if all || all_ns { " --all" } else { "" },
                    if prod { " in production" } else { "" }
                ),
            );
        }
        "drain" => push(
            "containers.kubectl-drain",
            grade(Severity::Verify),
            format!("kubectl drain {target} evicts every pod from the node"),
        ),
        "cordon" | "taint" => push(
            "containers.kubectl-cordon",
            grade(Severity::Confirm),
            format!("kubectl {verb} {target} stops scheduling on the node"),
        ),
        "scale" => {
            let replicas = cmd.value(&["--replicas"]).unwrap_or("");
            if replicas == "0" && !local {
                push(
                    "containers.kubectl-scale-zero",
                    grade(Severity::Confirm),
                    format!("kubectl scale --replicas=0 {target}{where_} stops the workload"),
                );
            } else if !replicas.is_empty()
                && !local
                && (prod || super::environments::shared(ns))
            {
                // Resized on a named shared environment (or production): its users see the
                // pods come and go, like a restart there (the label rule for bounded changes).
                running_change(
                    Verb::Restart,
                    "scale",
                    &target,
                    prod,
                    &format!("kubectl scale --replicas={replicas} {target}{where_}"),
                    "containers.kubectl-scale",
                    out,
                );
            }
        }
        "replace" if cmd.has(&["--force"]) => push(
            "containers.kubectl-replace-force",
            grade(Severity::Confirm),
            "kubectl replace --force deletes and recreates resources".to_owned(),
        ),
        "rollout" if ops.get(1) == Some(&"undo") && !local => push(
            "containers.kubectl-rollout-undo",
            grade(Severity::Confirm),
            "kubectl rollout undo reverts a deployment".to_owned(),
        ),
        "create" if ops.get(1).is_some_and(|k| k.starts_with("clusterrolebinding") || k.starts_with("rolebinding"))
            && cmd.words().any(|w| w.contains("cluster-admin") || w.contains("=admin")) => push(
            "containers.kubectl-admin-grant",
            Severity::Verify,
            "kubectl create clusterrolebinding grants cluster-admin: full control of the cluster".to_owned(),
        ),
        "rollout" if ops.get(1) == Some(&"restart") && !local => running_change(
            Verb::Restart,
            "restart",
            ops.get(2).copied().unwrap_or("the workloads"),
            prod,
            &format!("kubectl rollout restart{where_}"),
            "containers.kubectl-rollout-restart",
            out,
        ),
        // A copy out of a pod to this machine (`kubectl cp prod/api-1:/var/log/app.log
        // ./app.log`) reads a file there; a copy into a pod changes it. A secret or a dump
        // copied out (the service account's token, `/run/secrets/...`, `dump.sql`) is not a
        // plain read: it keeps the production grade below.
        "cp" if ops.len() == 3
            && ops[1].contains(':')
            && !ops[2].contains(':')
            && !copies_out_a_secret(ops[1]) => {}
        "exec" | "cp" | "port-forward" | "debug" | "attach" if prod => push(
            "containers.kubectl-exec-production",
            Severity::Confirm,
            format!("kubectl {verb} opens a shell or a path into production"),
        ),
        // `apply --prune` deletes the live objects its files no longer list.
        "apply" if cmd.has(&["--prune"]) && !local => running_change(
            Verb::Destroy,
            "prune",
            "live objects its files no longer list",
            prod,
            &format!("kubectl apply --prune{where_}"),
            "containers.kubectl-apply-prune",
            out,
        ),
        // `kubectl set env --list` prints the variables (kubectl-set-env(1)): a read.
        "set" if cmd.has(&["--list"]) => {}
        "apply" | "patch" | "edit" | "set" | "create" if prod => push(
            "containers.kubectl-change-production",
            Severity::Confirm,
            format!("kubectl {verb} changes production resources"),
        ),
        // The same changes by hand on a named shared environment that is not production (an
        // autoscaler patched in uat, an image set in staging): a bounded change others see.
        // An `apply` of the project's manifests there is its ordinary deploy (running_change
        // tests keep it allowed).
        "patch" | "edit" | "set" | "autoscale" | "replace"
            if !local && super::environments::shared(ns) =>
        {
            super::environments::bounded_change(
                C,
                ns,
                &format!("kubectl {verb} {target}"),
                "containers.kubectl-change-shared",
                out,
            )
        }
        _ => {}
    }
}

/// Whether a manifest source is fetched from the network: a URL, or a kustomize remote
/// target (`github.com/org/repo/path?ref=x`).
fn remote_manifest(v: &str) -> bool {
    let v = v.to_ascii_lowercase();
    (v.starts_with("http://")
        || v.starts_with("https://")
        || v.starts_with("github.com/")
        || v.starts_with("git@"))
        && !v.contains("://localhost")
        && !v.contains("://127.0.0.1")
}

/// Whether a patch body sets a replica count to zero: a strategic or merge patch
/// (`{"spec":{"replicas":0}}`, `spec: {replicas: 0}`) or a JSON patch of `/spec/replicas`.
pub(crate) fn patch_scales_to_zero(body: &str) -> bool {
    let flat: String = body
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '"' && *c != '\'')
        .collect();
    let zero_after = |key: &str| {
        flat.match_indices(key).any(|(i, _)| {
            let rest = &flat[i + key.len()..];
            rest.starts_with('0') && !rest[1..].starts_with(|c: char| c.is_ascii_digit())
        })
    };
    zero_after("replicas:") || flat.contains("/replicas") && zero_after("value:")
}

fn helm(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let ns = cmd
        .value(&["-n", "--namespace", "--kube-context"])
        .unwrap_or("");
    let ops: Vec<&str> = cmd
        .operands(&[
            "-n",
            "--namespace",
            "--kube-context",
            "-f",
            "--values",
            "--set",
            "--version",
            "--timeout",
            "--kubeconfig",
            "--kube-apiserver",
            "--kube-token",
            "--kube-as-user",
            "--kube-as-group",
            "--kube-ca-file",
            "--registry-config",
            "--repository-config",
            "--repository-cache",
            "--burst-limit",
        ])
        .collect();
    let verb = ops.first().copied().unwrap_or("");
    let release = ops.get(1).copied().unwrap_or("a release");
    let prod = production(ns) || production(release) || super::kube_places::production_place(cmd);
    let local = cmd.value(&["--kube-context"]).is_some_and(local_cluster);
    if verb == "rollback" && !local {
        running_change(
            Verb::Modify,
            "rollback",
            release,
            prod,
            &format!("helm rollback {release}"),
            "containers.helm-rollback",
            out,
        );
    }
    // A chart fetched from a URL when it is installed (`helm install x https://.../x.tgz`,
    // `--repo https://...`): its templates (cluster roles, webhooks, privileged pods) have
    // been read by no one here, as with `kubectl apply -f URL`.
    let chart = if verb == "install" && cmd.has(&["--generate-name", "-g"]) {
        ops.get(1).copied()
    } else {
        ops.get(2).copied()
    };
    let remote = chart
        .filter(|c| c.starts_with("https://") || c.starts_with("http://"))
        .or_else(|| cmd.value(&["--repo"]).filter(|r| r.contains("://")));
    if matches!(verb, "upgrade" | "install")
        && !local
        && let Some(url) = remote
    {
        out.push(finding(
            Family::RemoteCode,
            "remote-code.remote-chart",
            if prod {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!(
                "helm {verb} installs a chart fetched from {url}: cluster objects no one here has reviewed"
            ),
        ));
    }
    if matches!(verb, "upgrade" | "install") && prod {
        out.push(finding(
            C,
            "containers.helm-change-production",
            Severity::Confirm,
            format!("helm {verb} {release} changes production"),
        ));
    }
    if matches!(verb, "uninstall" | "delete" | "del" | "un") {
        out.push(finding(
            C,
            "containers.helm-uninstall",
            if prod {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!("helm uninstall {release} deletes everything the release installed"),
        ));
    }
}

/// Whether the source of a `kubectl cp` out of a pod (`pod:/path`) is a secret or a dump: the
/// pod's mounted secrets, a credential file, a database dump.
fn copies_out_a_secret(source: &str) -> bool {
    let path = source.split_once(':').map_or(source, |(_, p)| p);
    let path = path.trim_matches(['"', '\'']);
    path.contains("/run/secrets")
        || path.contains("serviceaccount")
        || super::paths::secret(path).is_some()
        || super::paths::dump(path)
}
