//! A container engine pointed at another machine's daemon (the hostile counterpart of the
//! throwaway lowerings): `export DOCKER_HOST=ssh://ops@build-3`, `docker context use
//! shared-builder` a step before, or `-H tcp://10.0.0.7:2376` on the line. What `docker system
//! prune`, `docker rm -f` or `docker compose down -v` then removes is that machine's: other
//! people's containers, images and volumes, not the developer's own. A bounded finding is
//! raised one tier (confirm to verify). Local daemons keep their grade: a loopback or
//! `unix://` socket, and the contexts Docker Desktop, Colima, OrbStack, Rancher Desktop and
//! rootless mode make on this machine.

use super::defined::Kind;
use super::{Cmd, Context};
use crate::finding::{Family, Finding, Severity};

/// Context names the local engines create for themselves.
const LOCAL_CONTEXTS: &[&str] = &[
    "default",
    "desktop-linux",
    "desktop-windows",
    "colima",
    "orbstack",
    "rancher-desktop",
    "rootless",
];

/// Whether a daemon address is another machine (`ssh://`, or `tcp://` to a host that is not
/// loopback); a unix or npipe socket is this machine's.
fn remote_address(address: &str) -> bool {
    let a = address.trim_matches(['\'', '"']).to_ascii_lowercase();
    if let Some(rest) = a
        .strip_prefix("tcp://")
        .or_else(|| a.strip_prefix("http://"))
    {
        let host = rest.split([':', '/']).next().unwrap_or("");
        return !(host == "localhost" || host.starts_with("127.") || host.is_empty());
    }
    a.starts_with("ssh://") || a.starts_with("https://")
}

/// Whether a context name is one a local engine makes (`colima-work`: Colima's profile).
fn local_context(name: &str) -> bool {
    let name = name.trim_matches(['\'', '"']).to_ascii_lowercase();
    LOCAL_CONTEXTS
        .iter()
        .any(|c| name == *c || name.starts_with(&format!("{c}-")))
}

/// Where the command's daemon is, when it is another machine's.
fn elsewhere(cmd: &Cmd<'_>, ctx: &Context) -> Option<String> {
    let variable = |name: &str| {
        cmd.assignments
            .iter()
            .chain(cmd.prefix.iter())
            .rev()
            .find_map(|a| a.strip_prefix(name)?.strip_prefix('=').map(str::to_owned))
            .or_else(|| {
                ctx.env
                    .exported
                    .iter()
                    .rev()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| v.clone())
            })
    };
    if let Some(host) = cmd.value(&["-H", "--host"]) {
        return remote_address(host).then(|| host.to_owned());
    }
    if let Some(context) = cmd.value(&["--context"]) {
        return (!local_context(context)).then(|| format!("the {context} context"));
    }
    if let Some(host) = variable("DOCKER_HOST").filter(|h| !h.is_empty()) {
        return remote_address(&host).then_some(host);
    }
    let context = variable("DOCKER_CONTEXT").or_else(|| {
        ctx.env
            .defined
            .latest_of(Kind::Selected, "docker")
            .map(|d| d.value.clone())
    })?;
    (!context.is_empty() && !local_context(&context)).then(|| format!("the {context} context"))
}

/// Raises this command's bounded container findings when its daemon is another machine's.
pub fn raise(cmd: &Cmd<'_>, ctx: &Context, found: &mut [Finding]) {
    if !matches!(
        cmd.program,
        "docker" | "podman" | "nerdctl" | "docker-compose" | "podman-compose"
    ) || !found
        .iter()
        .any(|f| f.family == Family::Containers && f.severity == Severity::Confirm)
    {
        return;
    }
    let Some(at) = elsewhere(cmd, ctx) else {
        return;
    };
    for f in found
        .iter_mut()
        .filter(|f| f.family == Family::Containers && f.severity == Severity::Confirm)
    {
        f.severity = Severity::Verify;
        f.message = format!("on another machine's daemon ({at}): {}", f.message);
    }
}
