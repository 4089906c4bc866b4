//! Files emptied by a write of nothing, in the spellings the shell's `: > F` is not: an empty
//! pipe into `tee` (`: | sudo tee F`, `true | tee F`, `printf '' | tee F`, `cat /dev/null |
//! tee F`), `dd if=/dev/null of=F`, `install /dev/null F`, and `sed -i d F` (every line
//! deleted). Each is `truncate -s 0 F`: graded as the redirection of nothing is (a bounded loss
//! for a data file; a system or credential file is the writers' own finding; logs, temporary
//! and build files are thrown away by design). `tee -a` and `dd conv=notrunc` keep the file.
//! A crontab installed from nothing (`crontab /dev/null`, `: | crontab -`) empties the user's
//! table of scheduled jobs: `crontab -r`, verified.

use super::{Cmd, filesystem, finding, paths};
use crate::finding::{Family, Finding, Severity};
use crate::shell::{RedirectKind, Script};

/// Judges a command that writes nothing over the files it names.
pub fn judge(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, out: &mut Vec<Finding>) {
    if cmd.program == "crontab" {
        crontab_emptied(cmd, s, index, out);
        return;
    }
    for target in emptied_targets(cmd, s, index) {
        // A system or credential file is graded by the writers (`write-system-file`).
        if paths::critical_file(target).is_none() {
            let how = match cmd.program {
                "tee" => "tee fed an empty pipe",
                "dd" => "dd if=/dev/null",
                "install" => "install /dev/null",
                _ => "sed -i deleting every line",
            };
            filesystem::emptied_by(target, how, out);
        }
    }
}

fn emptied_targets<'c>(cmd: &Cmd<'c>, s: &Script<'_>, index: usize) -> Vec<&'c str> {
    match cmd.program {
        "tee" if cmd.piped_in && !cmd.flag(b"a", &["append"]) && fed_nothing(s, index) => {
            cmd.operands(&[]).collect()
        }
        "dd" => {
            let from_null = cmd.words().any(|w| w == "if=/dev/null");
            let notrunc = cmd.words().any(|w| {
                w.strip_prefix("conv=")
                    .is_some_and(|c| c.split(',').any(|x| x == "notrunc"))
            });
            if from_null && !notrunc {
                cmd.words().filter_map(|w| w.strip_prefix("of=")).collect()
            } else {
                Vec::new()
            }
        }
        "install" => {
            let ops: Vec<&str> = cmd
                .operands(&["-m", "--mode", "-o", "--owner", "-g", "--group"])
                .collect();
            if ops.len() == 2 && ops[0] == "/dev/null" {
                vec![ops[1]]
            } else {
                Vec::new()
            }
        }
        "sed" if super::writes::in_place(cmd) => {
            let ops: Vec<&str> = cmd.operands(&["-e", "-f", "--expression"]).collect();
            let script = cmd.value(&["-e", "--expression"]).or(ops.first().copied());
            let files = if cmd.value(&["-e", "--expression"]).is_some() {
                &ops[..]
            } else {
                ops.get(1..).unwrap_or(&[])
            };
            if script.is_some_and(|x| matches!(x.trim(), "d" | "1,$d" | "1,$ d")) {
                files.to_vec()
            } else {
                Vec::new()
            }
        }
        _ => Vec::new(),
    }
}

/// Whether the stage before `index` in its pipeline prints nothing (`:`, `true`, `echo -n`,
/// `printf ''`, `cat /dev/null`, or `< /dev/null`).
fn fed_nothing(s: &Script<'_>, index: usize) -> bool {
    let Some(me) = s.commands.get(index) else {
        return false;
    };
    let Some(prev) = index.checked_sub(1).and_then(|i| s.commands.get(i)) else {
        return false;
    };
    if prev.pipeline != me.pipeline || !prev.piped_out {
        return false;
    }
    let mut folded = Vec::new();
    let Some(c) = super::resolve(prev, &mut folded) else {
        return false;
    };
    let args: Vec<&str> = c.words().collect();
    match c.program {
        ":" | "true" => true,
        "cat" => !args.is_empty() && args.iter().all(|a| *a == "/dev/null"),
        "echo" => args == ["-n"],
        "printf" => args.is_empty() || args == [""],
        _ => false,
    }
}

/// `crontab FILE` replaces the user's whole table with FILE (crontab(1)); `crontab /dev/null`,
/// or `crontab -` fed an empty pipe, installs nothing: every scheduled job is gone, as with
/// `crontab -r`.
fn crontab_emptied(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, out: &mut Vec<Finding>) {
    if cmd.flag(b"lr", &[]) {
        return;
    }
    let source = cmd.operands(&["-u"]).next();
    let from_stdin = source.is_none_or(|f| f == "-");
    let emptied = source == Some("/dev/null")
        || from_stdin
            && (cmd.piped_in && fed_nothing(s, index)
                || cmd
                    .redirects
                    .iter()
                    .any(|r| r.kind == RedirectKind::Read && r.target == "/dev/null"));
    if emptied {
        out.push(finding(
            Family::System,
            "system.crontab-emptied",
            Severity::Verify,
            "crontab installs an empty table: every scheduled job of the user is deleted"
                .to_owned(),
        ));
    }
}
