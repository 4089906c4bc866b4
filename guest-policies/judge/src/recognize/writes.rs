//! Read or write: whether a command writes a file it names (issue #13; holdout8 analysis
//! tampering:1 and its mirror tampering:22).
//!
//! The readers that guard files (the agent's hook settings and airlock's policy, system and
//! login files) must key on whether the command **writes** the file, not on the program's
//! name: `jq '.hooks | keys' .claude/settings.json` reads it (like `cat`), `yq -i
//! 'del(.hooks.PreToolUse)' ~/.claude/settings.json` rewrites it. A file is written when it is
//! a redirection's target (`>`, `>>`), an operand of a program that changes every file it names
//! (`rm`, `chmod`, `tee`, `sponge`, an editor), the destination of a copy (`cp`, `install`,
//! `rsync`, `ln`; `mv` changes both ends), or an operand of a program run in its in-place mode:
//! the mode's spelling is the program's own, so this is a table of in-place spellings
//! (`sed -i`, `perl -i`, `yq -i`, `json -I`, `xmlstarlet ed -L`, `gawk -i inplace`, `crudini
//! --set`, `dasel put`, `plutil -replace`, `defaults write`, PowerShell's `Set-Content`...).
//! A program in none of these (jq, cat, grep, python reading a path) reads.

use super::Cmd;
use crate::finding::Finding;
use crate::shell::RedirectKind;

/// Programs that change every file they name.
const CHANGE_EVERY_OPERAND: &[&str] = &[
    "rm",
    "unlink",
    "shred",
    "truncate",
    "chmod",
    "chown",
    "chgrp",
    "chattr",
    "tee",
    "sponge",
    "patch",
    "mv",
    "dd",
    "vim",
    "vi",
    "nvim",
    "nano",
    "emacs",
    "code",
    "codium",
    "ed",
    "ex",
    "hx",
    "micro",
    "subl",
    "kak",
    "gedit",
    // PowerShell's writing cmdlets (program names are lowercased).
    "set-content",
    "add-content",
    "clear-content",
    "out-file",
    "new-item",
    "remove-item",
    "rename-item",
    "move-item",
    "set-itemproperty",
    "tee-object",
];

/// Programs whose last operand (or `-t DIR`) is what they write.
const WRITE_DESTINATION: &[&str] = &["cp", "install", "rsync", "scp", "ln", "copy-item", "ditto"];

/// Whether `cmd` writes `file`, one of its words or redirection targets, as written.
pub fn writes(cmd: &Cmd<'_>, file: &str) -> bool {
    if cmd
        .redirects
        .iter()
        .any(|r| matches!(r.kind, RedirectKind::Write | RedirectKind::Append) && r.target == file)
    {
        return true;
    }
    let p = cmd.program;
    let named = || {
        cmd.words()
            .any(|w| w == file || w.strip_prefix("of=") == Some(file))
    };
    if CHANGE_EVERY_OPERAND.contains(&p) {
        return named();
    }
    if WRITE_DESTINATION.contains(&p) {
        let target = cmd.value(&["-t", "--target-directory", "-Destination"]);
        if let Some(t) = target {
            return t == file;
        }
        let last = cmd
            .operands(&["-m", "--mode", "-o", "-g", "-e", "--rsh", "--exclude"])
            .last();
        return last == Some(file);
    }
    output_file(cmd) == Some(file) || in_place(cmd) && named()
}

/// Whether the command runs in its program's in-place mode: it rewrites the files it names.
pub fn in_place(cmd: &Cmd<'_>) -> bool {
    let short_i = |letter: u8| {
        cmd.words().take_while(|w| *w != "--").any(|w| {
            w.strip_prefix('-')
                .filter(|s| !s.starts_with('-') && !s.is_empty())
                .is_some_and(|s| {
                    // `-i`, `-i.bak`, `-pi`, `-0pi`, `-Ei`: the letter among the leading flag letters.
                    s.bytes()
                        .take_while(u8::is_ascii_alphanumeric)
                        .any(|c| c == letter)
                })
        })
    };
    let sub = |names: &[&str]| cmd.operands(&[]).next().is_some_and(|o| names.contains(&o));
    match cmd.program {
        "sed" | "gsed" | "perl" | "ruby" => short_i(b'i') || cmd.has(&["--in-place"]),
        // mikefarah's yq (`-i`, `--inplace`), python-yq's `yq -i`, tomlq/xq alike.
        "yq" | "tomlq" | "xq" => short_i(b'i') || cmd.has(&["--inplace", "--in-place"]),
        // trentm's json: `-I`/`--in-place`.
        "json" => short_i(b'I') || cmd.has(&["--in-place"]),
        // gawk's in-place extension: `-i inplace`.
        "awk" | "gawk" => cmd.value(&["-i"]) == Some("inplace"),
        // xmlstarlet ed -L / --inplace.
        "xmlstarlet" | "xml" => short_i(b'L') || cmd.has(&["--inplace"]),
        // sd rewrites its files unless it only previews.
        "sd" => !cmd.flag(b"p", &["preview"]),
        "dasel" => sub(&["put", "delete"]) || cmd.has(&["--write", "-w"]) && !sub(&["select"]),
        "crudini" => cmd.has(&["--set", "--del", "--merge"]),
        "plutil" => cmd.words().any(|w| {
            matches!(
                w,
                "-replace" | "-insert" | "-remove" | "-convert" | "-create" | "-append"
            )
        }),
        "defaults" => sub(&["write", "delete", "import", "rename"]),
        "git" => cmd
            .words()
            .any(|w| matches!(w, "commit" | "add" | "checkout" | "restore" | "rm" | "mv")),
        _ => false,
    }
}

/// The file a program writes through an output option or a written operand that is not an
/// in-place mode (`sort -o F`, `shuf -o F`, `iconv -o F`, `gpg -o F`, `sponge F`, `uniq IN
/// F`, `xxd -r IN F`, `htpasswd -c F` (the file made anew: every other login in it gone),
/// `patch F`, `ex -s`/`-c` and `vim -es` scripts, `ed` fed its commands): None for most
/// programs, and for these when the option is not given. From each program's manual.
pub fn output_file<'c>(cmd: &Cmd<'c>) -> Option<&'c str> {
    let option = |names: &[&str]| super::option_effects::option_value(cmd, names);
    let last = || cmd.operands(&[]).last();
    match cmd.program {
        "sort" | "shuf" | "iconv" | "gpg" | "gpg2" => option(&["-o", "--output"]).or_else(|| {
            cmd.words()
                .find_map(|w| w.strip_prefix("-o").filter(|v| v.starts_with('/')))
        }),
        "sponge" if !cmd.flag(b"a", &[]) => cmd.operands(&[]).next(),
        "uniq" => cmd.operands(&["-f", "-s", "-w"]).nth(1),
        "xxd" if cmd.flag(b"r", &["revert"]) => cmd.operands(&[]).nth(1),
        "htpasswd" if cmd.flag(b"c", &[]) => cmd.operands(&[]).next(),
        "ex" if cmd.flag(b"sc", &[]) => last(),
        "vim" | "vi" | "nvim" if cmd.words().any(|w| w == "-es" || w == "-Es") => last(),
        "ed" if cmd.piped_in
            || cmd
                .redirects
                .iter()
                .any(|r| matches!(r.kind, RedirectKind::HereString | RedirectKind::HereDoc)) =>
        {
            cmd.operands(&[]).next()
        }
        "patch" => option(&["-o", "--output"]).or_else(|| {
            cmd.operands(&["-p", "-i", "-d", "-r", "-F", "-B", "-z"])
                .next()
        }),
        _ => None,
    }
}

/// System and login files written in a program's in-place mode (`yq -i ... /etc/x.yaml`,
/// `crudini --set /etc/ssh/sshd_config ...`) or through an output option (`sort -o
/// /etc/group`, [`output_file`]): the same finding as a redirection over them.
/// sed's and tee's writes are the filesystem reader's already.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    // git's commit, add or checkout changes what the repository holds (the tampering reader's
    // concern), not a system file named on the line.
    if let Some(file) = output_file(cmd) {
        super::filesystem::write_target(file, false, cmd.program, out);
    }
    if matches!(cmd.program, "sed" | "tee" | "rsync" | "git") || !in_place(cmd) {
        return;
    }
    let how = cmd.program;
    for w in cmd.words().filter(|w| !w.starts_with('-')) {
        super::filesystem::write_target(w, false, how, out);
    }
}
