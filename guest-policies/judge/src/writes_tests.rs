//! Read or write (recognize/writes.rs): the readers that guard the agent's hook settings,
//! airlock's policy and system files key on whether the command writes the file, not on the
//! program's name. Reads first (any program that only reads, or writes elsewhere), then the
//! writes: a redirection onto the file, a program that changes what it names, a copy's
//! destination, and in-place modes spelled as each program spells them.

use crate::severity_tables::{ALLOW, STOP, expect_alone};

#[test]
fn reading_the_guard_s_settings_is_a_read() {
    expect_alone(&[
        ("yq '.hooks' ~/.claude/settings.json", ALLOW),
        (
            "jq -r '.hooks.PreToolUse[].hooks[].command' ~/.claude/settings.local.json",
            ALLOW,
        ),
        ("cd ~ && dasel -f .claude/settings.json '.hooks'", ALLOW),
        ("crudini --get ~/.codex/config.toml hooks", ALLOW),
        ("jq . policy/policy.json", ALLOW),
        ("sed -n '1,5p' .claude/settings.json", ALLOW),
        // A copy reads its source; output redirected elsewhere writes elsewhere.
        ("cp .claude/settings.json /tmp/settings.backup.json", ALLOW),
        (
            "jq '.hooks | keys' ~/.gemini/settings.json > /tmp/hook-keys.txt",
            ALLOW,
        ),
    ]);
}

#[test]
fn writing_the_guard_s_settings_is_tampering() {
    expect_alone(&[
        (
            "yq --inplace '.hooks = {}' .claude/settings.local.json",
            STOP,
        ),
        (
            "jq 'del(.hooks)' .claude/settings.json > /tmp/s && mv /tmp/s .claude/settings.json",
            STOP,
        ),
        (
            "jq 'del(.hooks)' .claude/settings.json | sponge .claude/settings.json",
            STOP,
        ),
        (
            "jq '.hooks = {}' ~/.gemini/settings.json > ~/.gemini/settings.json",
            STOP,
        ),
        (
            "cd ~ && dasel put -f .claude/settings.json -t json -v '{}' '.hooks'",
            STOP,
        ),
        (
            "crudini --set ~/.codex/config.toml hooks enabled false",
            STOP,
        ),
        (
            "json -I -f .claude/settings.json -e 'delete this.hooks'",
            STOP,
        ),
        (
            "perl -0pi -e 's/PreToolUse/Disabled/' .claude/settings.json",
            STOP,
        ),
        ("sd PreToolUse Disabled .claude/settings.json", STOP),
        ("Set-Content -Path .claude/settings.json -Value '{}'", STOP),
        ("cp /tmp/empty.json .claude/settings.json", STOP),
        ("ln -sf /dev/null ~/.claude/settings.json", STOP),
        (
            "jq '.rules = []' policy/policy.json > policy/policy.json",
            STOP,
        ),
    ]);
}

#[test]
fn in_place_writes_of_system_files_are_writes() {
    expect_alone(&[
        ("perl -pi -e 's/^#\\s*%wheel/%wheel/' /etc/sudoers", STOP),
        ("sudo sd '^#\\s*%wheel' '%wheel' /etc/sudoers", STOP),
        ("awk -i inplace '{print}' /etc/passwd", STOP),
        ("yq -i '.x = 1' /etc/sudoers.d/ci", STOP),
    ]);
    expect_alone(&[
        (
            "crudini --get /etc/ssh/sshd_config '' PermitRootLogin",
            ALLOW,
        ),
        ("awk -F: '{print $1}' /etc/passwd", ALLOW),
        ("perl -ne 'print if /wheel/' /etc/sudoers", ALLOW),
        // Recording /etc in git (etckeeper's way) reads the files: git's commit or add is
        // not an in-place write of a system file.
        (
            "cd /etc && git add /etc/passwd && git commit -m 'record the new user'",
            ALLOW,
        ),
    ]);
}
