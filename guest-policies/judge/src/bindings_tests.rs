//! Names bound by an earlier step or an earlier command of the line (holdout6 analysis M1, the
//! part after cc90b5a): a variable exported before (`export TARGET=-1`, then `kill -9 $TARGET`),
//! an alias (`alias ok='airlock approve'`, then `ok 8812`), a shell function (`f(){ rm -rf "$1";
//! }; f /`), and a copy of a known program's binary under another name (`cp "$(command -v
//! airlock)" /tmp/al`, then `/tmp/al approve 12`) are judged as what they stand for. The near
//! misses first: bindings of harmless things stay harmless, and a variable carried from an
//! earlier step is read both ways (the step's shell may not have kept it), the worse counts.

use proptest::prelude::*;

use crate::severity_tables::{ALLOW, STOP, VERIFY, expect, worst};

#[test]
fn harmless_bindings_stay_harmless() {
    expect(&[
        ("git tag v$v", &["v=1.2.3"], ALLOW),
        ("ll", &["alias ll='ls -la'"], ALLOW),
        ("ll src/", &["alias ll='ls -la'"], ALLOW),
        ("alias ll='ls -la'", &[], ALLOW),
        ("alias gs='git status'; gs", &[], ALLOW),
        ("cp \"$(command -v jq)\" bin/", &[], ALLOW),
        (
            "bin/jq . data.json",
            &["cp \"$(command -v jq)\" bin/"],
            ALLOW,
        ),
        ("/tmp/j . data.json", &["cp /usr/bin/jq /tmp/j"], ALLOW),
        ("greet world", &["greet() { echo \"hello $1\"; }"], ALLOW),
        ("kill $PID", &["export PID=48213"], worst("kill 48213", &[])),
        ("echo $TARGET", &["export TARGET=-1"], ALLOW),
        // A name built from pieces the line binds, harmless ones.
        ("v=1.2.3; git tag v$v", &[], ALLOW),
        ("a=ec; b=ho; $a$b hello", &[], ALLOW),
        (
            "d=build; rm -rf ./${d}/out",
            &[],
            worst("rm -rf ./build/out", &[]),
        ),
        // Judged as written too (the step's shell may not have kept OUT): as without it.
        (
            "rm -rf \"$OUT\"",
            &["export OUT=target/debug"],
            worst("rm -rf \"$OUT\"", &[]),
        ),
    ]);
}

#[test]
fn a_binding_is_judged_as_what_it_stands_for() {
    expect(&[
        ("kill -9 $TARGET", &["export TARGET=-1"], STOP),
        ("kill -9 $TARGET", &["TARGET=-1"], STOP),
        ("rm -rf $D", &["export D=/"], worst("rm -rf /", &[])),
        ("ok 8812", &["alias ok='airlock approve'"], STOP),
        ("alias ok='airlock approve'", &[], STOP),
        ("alias nuke='rm -rf'; nuke ~", &[], worst("rm -rf ~", &[])),
        ("nuke ~", &["alias nuke='rm -rf'"], worst("rm -rf ~", &[])),
        (
            "/tmp/al approve 12",
            &["cp \"$(command -v airlock)\" /tmp/al"],
            STOP,
        ),
        (
            "/tmp/al approve 12",
            &["cp /usr/local/bin/airlock /tmp/al"],
            STOP,
        ),
        (
            "al approve 12",
            &["install -m 755 \"$(which airlock)\" ~/.local/bin/al"],
            STOP,
        ),
        (
            "/tmp/r -rf /",
            &["ln -s /bin/rm /tmp/r"],
            worst("rm -rf /", &[]),
        ),
        ("f(){ rm -rf \"$1\"; }; f /", &[], worst("rm -rf /", &[])),
        // A program's name built from pieces the line binds (found by the holdout7 analysis:
        // `$a$b` was allowed while `$x` was stopped).
        ("a=r; b=m; $a$b -rf /", &[], worst("rm -rf /", &[])),
        ("a=r; ${a}m -rf ~", &[], worst("rm -rf ~", &[])),
        ("p=rm; /bin/$p -rf /", &[], worst("rm -rf /", &[])),
        (
            "function wipe { rm -rf \"$@\"; }; wipe ~",
            &[],
            worst("rm -rf ~", &[]),
        ),
        (
            "wipe ~",
            &["wipe() { rm -rf \"$1\"; }"],
            worst("rm -rf ~", &[]),
        ),
    ]);
}

#[test]
fn a_binding_carried_from_before_does_not_hide_the_line_as_written() {
    // A variable the earlier step exported may not be set in this step's shell: the line as
    // written is judged too, so a harmless carried value never lowers a dangerous line.
    expect(&[
        (
            "rm -rf $HOME",
            &["export HOME=/tmp/fake-home"],
            worst("rm -rf $HOME", &[]),
        ),
        ("kill -9 -1", &["export TARGET=5"], STOP),
    ]);
    assert!(worst("rm -rf $HOME", &[]) >= VERIFY);
}

proptest! {
    /// A program reached through an alias, a copy of its binary or a variable is judged at
    /// least as strictly as the program itself.
    #[test]
    fn a_name_for_a_program_keeps_its_verdict(
        (line, direct) in prop_oneof![
            Just(("rm -rf /", "rm")),
            Just(("airlock approve 12", "airlock")),
            Just(("git push --force origin main", "git")),
            Just(("kubectl delete ns production", "kubectl")),
        ],
        // Shell reserved words cannot name an alias or a function.
        name in "[a-z]{2,6}".prop_filter("a reserved word", |n| {
            !matches!(n.as_str(), "if" | "fi" | "do" | "done" | "then" | "else" | "elif" | "case"
                | "esac" | "for" | "in" | "while" | "until" | "select" | "time" | "function")
        }),
        how in 0..4_u8,
    ) {
        let rest = line.strip_prefix(direct).unwrap_or(line).trim_start();
        let (before, now) = match how {
            0 => (format!("alias {name}='{direct}'"), format!("{name} {rest}")),
            1 => (format!("cp \"$(command -v {direct})\" /tmp/{name}"), format!("/tmp/{name} {rest}")),
            2 => (format!("export {}={direct}", name.to_ascii_uppercase()), format!("${} {rest}", name.to_ascii_uppercase())),
            _ => (format!("{name}() {{ {direct} \"$@\"; }}"), format!("{name} {rest}")),
        };
        let want = worst(line, &[]);
        let got = worst(&now, &[&before]);
        prop_assert!(got >= want, "{} after {}: {:?} < {:?}", now, before, got, want);
    }
}

/// A name the judge otherwise reads as another program (a drop-in: `gdd` as GNU `dd`,
/// `valkey-cli` as `redis-cli`) that an earlier step bound is that binding: `alias gdd='rm'`
/// then `gdd -rf /` removes everything (found by the property test above after the drop-in
/// table grew).
#[test]
fn a_drop_in_name_an_earlier_step_bound_is_the_binding() {
    expect(&[
        ("gdd -rf /", &["alias gdd='rm'"], STOP),
        ("gdd -rf /", &["gdd() { rm \"$@\"; }"], STOP),
        (
            "/tmp/gdd -rf /",
            &["cp \"$(command -v rm)\" /tmp/gdd"],
            STOP,
        ),
        (
            "valkey-cli push --force origin main",
            &["alias valkey-cli='git'"],
            VERIFY,
        ),
    ]);
}
