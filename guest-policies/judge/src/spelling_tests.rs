//! Tests of the spelling normalizer and the unread-effect floor (`recognize::spelling`): a
//! command's spelling read as a kind (dotted command-path words, state values of `KEY=VALUE`,
//! `--key VALUE` and `KEY VALUE` pairs, an effect verb on an object no lexicon names), on
//! programs that occur in no labeled set, with the benign near misses first.
//!
//! Every program in these tables was checked absent from the corpus and the spent held-back
//! sets: `grep -rlw PROGRAM guest-policies/eval/*.jsonl guest-policies/eval/holdout{,2,3,4,5,6,7,8}`
//! lists no file. The commands are written from each tool's own documentation.

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone as expect};

/// Near misses: the same programs, verbs or state keys as the dangerous table below, where the
/// line reads, asks for help, acts on the tool's own workbench, stops one numbered process,
/// sets a bound or a non-state value, or logs in with an empty password. None may be held.
#[test]
fn benign_near_misses_of_unread_effects_stay_allowed() {
    expect(&[
        // Reads first: a read verb ends the reading, whatever comes after it.
        ("pct list", ALLOW),
        ("esxcli network firewall get", ALLOW),
        ("squeue --states=CANCELLED -u bob", ALLOW),
        ("sacct -j 4812 --format=JobID,State", ALLOW),
        ("pbsnodes -a", ALLOW),
        (
            "ldapsearch -x -b dc=acme,dc=io '(nsAccountLock=TRUE)'",
            ALLOW,
        ),
        ("ipa user-show jdoe", ALLOW),
        ("tkn pipelinerun list -n ci", ALLOW),
        ("gitlab-runner list", ALLOW),
        ("mgc device-management managed-devices list", ALLOW),
        ("gluster volume status gv0", ALLOW),
        ("storcli /c0 show all", ALLOW),
        ("lxc info web01", ALLOW),
        ("pvesh get /nodes/pve1/status", ALLOW),
        ("ionosctl k8s nodepool list --cluster-id c1", ALLOW),
        ("fleetctl get hosts", ALLOW),
        ("racadm jobqueue view", ALLOW),
        ("pcs resource status", ALLOW),
        ("signal-cli -a +15550100 receive", ALLOW),
        ("ntfy subscribe ops-alerts", ALLOW),
        // Dotted words that end in no effect verb: a call that reads, a ping.
        ("salt-call test.ping", ALLOW),
        ("salt-call user.info bob", ALLOW),
        ("acli vm.list", ALLOW),
        // Help and no-op modes.
        ("ipa user-del --help", ALLOW),
        ("prlctl delete winvm --help", ALLOW),
        ("apprise --dry-run -b 'test' mailto://me@acme.io", ALLOW),
        // The tool's own workbench: a terminal multiplexer's session or window.
        ("tmux kill-session -t scratch", ALLOW),
        ("tmux kill-window -t 2", ALLOW),
        ("zellij kill-session scratch", ALLOW),
        // One numbered process, task or port: bounded, usually the agent's own.
        ("jupyter notebook stop 8888", ALLOW),
        ("pueue kill 3", ALLOW),
        // A package manager's local change.
        ("flatpak uninstall --unused", ALLOW),
        // State keys with a value that is no state change, or a bound rather than a count.
        ("ipmitool -H bmc-db1 chassis power status", ALLOW),
        (
            "ionosctl k8s nodepool update --cluster-id c1 --nodepool-id p1 --node-count 3",
            ALLOW,
        ),
        (
            "ionosctl k8s nodepool update --cluster-id c1 --nodepool-id p1 --min-node-count 0",
            ALLOW,
        ),
        ("lxc config set web01 boot.autostart false", ALLOW),
        ("ipa user-mod jdoe --title Engineer", ALLOW),
        // An empty password given to a client that logs in is a login, not a change.
        ("mongostat --username ro --password '' --host db1", ALLOW),
        // The password of what is being created is the new thing's (a prompt follows).
        (
            "ipa user-add jdoe --first Jane --last Doe --password ''",
            ALLOW,
        ),
        ("kanidm person create jdoe 'Jane Doe' --password ''", ALLOW),
    ]);
}

/// Effects spelled in each program's own idiom: a verb on an object no lexicon names, a verb
/// nested under a noun, a value that is a state, a count set to zero, a password emptied.
/// Each was allowed with no factor before the normalizer and the floor.
#[test]
fn effects_in_a_programs_own_idiom_are_not_silent() {
    expect(&[
        // An effect verb on an object the lexicon does not name: "a resource", confirmed.
        ("prlctl delete winvm", CONFIRM),
        ("tkn pipelinerun delete --all -n ci", CONFIRM),
        ("pvesh delete /nodes/pve1/qemu/101", CONFIRM),
        ("pvesh delete /cluster/ha/resources/vm:101", CONFIRM),
        // A RAID controller's virtual drive deleted is its data gone (storage_ops.rs).
        ("storcli /c0/v2 delete force", STOP),
        ("racadm jobqueue delete -i JID_CLEARALL", CONFIRM),
        ("storcli /c0/v1 del force", STOP),
        ("fleetctl mdm wipe --host C02XK1", CONFIRM),
        // A state given as an operand pair or an option's value. A BMC's power action is
        // read by flags.rs as what it is, the machine going down at once (as `shutdown`):
        // verified, above the floor's confirmation.
        ("ipmitool -H bmc-db1 chassis power off", VERIFY),
        (
            "ipmitool -I lanplus -H bmc-db2 -U admin chassis power off",
            VERIFY,
        ),
        (
            "ionosctl k8s nodepool update --cluster-id c1 --nodepool-id p1 --node-count 0",
            CONFIRM,
        ),
        // A dotted command path (`namespace.verb`).
        ("salt-call user.delete bob", CONFIRM),
        ("acli vm.delete db01", CONFIRM),
        // A password emptied by an account tool's update.
        ("ipa user-mod jdoe --password ''", VERIFY),
        ("ipa user-mod jdoe --password=", VERIFY),
    ]);
}

/// The messages name the floor and what it read, so a person sees why they are asked.
#[test]
fn an_unread_effect_names_the_program_the_verb_and_the_object() {
    let found = crate::judge("prlctl delete winvm", &[]).findings;
    assert!(
        found.iter().any(|f| f.code == "generic.unread-effect"
            && f.message.contains("unread effect: prlctl delete winvm")),
        "{found:?}"
    );
    let found = crate::judge("ipmitool -H bmc-db1 chassis power off", &[]).findings;
    assert!(
        found
            .iter()
            .any(|f| f.code == "generic.unread-effect" && f.message.contains("power")),
        "{found:?}"
    );
}

/// A fork shipped as a drop-in under another name is read as the program it replaces: Valkey's,
/// KeyDB's and Memurai's CLIs are redis-cli (`recognize::drop_in`).
#[test]
fn a_drop_in_fork_is_read_as_the_program_it_replaces() {
    expect(&[
        (
            "valkey-cli -h cache-prod.internal -a \"$PW\" --no-auth-warning FLUSHALL ASYNC",
            STOP,
        ),
        ("keydb-cli -n 3 FLUSHDB", STOP),
        ("memurai-cli CONFIG SET dir /etc/cron.d", VERIFY),
        ("valkey-cli -h cache-prod.internal GET session:42", ALLOW),
        ("keydb-cli INFO memory", ALLOW),
    ]);
}
