//! A download checked against what its publisher published before it runs: `sha256sum -c
//! tool.sha256 && ./tool`, `gpg --verify tool.asc tool && sh tool`, `cosign verify-blob ...
//! tool`, `minisign -Vm tool`. What runs next is what was published, so the mark of code
//! nobody vetted is cleared ([`super::secrets`] keeps the marks).
//!
//! Hostile agent: a check clears only what it checks, and only when its failure stops what
//! follows.
//! - WHICH file: a checksum file named after one file (`tool.sha256`, `tool.tgz.sha512sum`) or
//!   a signature (`tool.asc`, `tool.sig`) covers that file only; the lines fed on stdin
//!   (`echo "HASH  /tmp/tool" | sha256sum -c -`) cover the files they name; a list whose
//!   content the line does not show (`SHA256SUMS`, `checksums.txt`) covers every download (it
//!   may list any of them). So `sha256sum -c other.sha256 && sh install.sh` still runs
//!   unvetted code.
//! - WHEN: a check joined by `;`, `||` or a pipe to what follows on the line does not stop it
//!   when it fails (`sha256sum -c x.sha256; sh x`): it clears nothing. A check ending a step or
//!   followed by `&&` does.

use super::{Cmd, paths};
use crate::shell::Script;

/// What a check covers.
pub enum Covers {
    /// Every download (a list the line does not show).
    All,
    /// These files (by path or name).
    Files(Vec<String>),
}

/// Suffixes of a file holding one file's checksum or signature: `F.sha256` covers `F`.
const ONE_FILE: &[&str] = &[
    ".sha256",
    ".sha256sum",
    ".sha512",
    ".sha512sum",
    ".sha1",
    ".md5",
    ".b2",
    ".sha256.txt",
    ".asc",
    ".sig",
    ".gpg",
    ".minisig",
    ".sign",
];

/// The file `sum` is the checksum or signature of, when its name says so.
fn covered(sum: &str) -> Option<String> {
    let s = sum.trim_matches(['"', '\'']);
    ONE_FILE
        .iter()
        .find_map(|x| s.strip_suffix(x))
        .filter(|f| !paths::file_name(f).is_empty())
        .map(str::to_owned)
}

/// What this command checks against a published checksum or signature, when its failure
/// stops the rest of the line (None: not a check, or one whose failure stops nothing).
/// `stdin`: the text a preceding `echo`/`printf` pipes in.
pub fn checks(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, stdin: Option<&str>) -> Option<Covers> {
    let p = cmd.program;
    let files: Vec<&str> = cmd.operands(&["-a", "--algorithm"]).collect();
    let covers = if matches!(
        p,
        "sha256sum" | "sha512sum" | "sha1sum" | "shasum" | "b2sum" | "md5sum"
    ) && cmd.flag(b"c", &["check"])
    {
        let mut out = Vec::new();
        for f in &files {
            if *f == "-" || files.is_empty() {
                continue;
            }
            match covered(f) {
                Some(one) => out.push(one),
                None => return gate(s, index, Covers::All),
            }
        }
        if files.is_empty() || files.contains(&"-") {
            // `HASH  FILE` lines on stdin: the files they name; none readable, nothing.
            let text = stdin?;
            out.extend(
                text.split(['\n', ';'])
                    .filter_map(|l| l.split_whitespace().nth(1))
                    .map(|f| f.trim_matches(['"', '\'', '*']).to_owned())
                    .filter(|f| !f.is_empty()),
            );
        }
        Covers::Files(out)
    } else if matches!(p, "gpg" | "gpg2" | "gpgv") && (p == "gpgv" || cmd.has(&["--verify"])) {
        let ops: Vec<&str> = cmd
            .operands(&["--homedir", "--keyring", "-o", "--output", "--status-fd"])
            .collect();
        match ops.as_slice() {
            [sig] => Covers::Files(covered(sig).into_iter().collect()),
            [_, data @ ..] => Covers::Files(data.iter().map(|d| (*d).to_owned()).collect()),
            [] => return None,
        }
    } else if p == "cosign" && files.first().is_some_and(|o| o.starts_with("verify-blob")) {
        Covers::Files(files.last().map(|f| (*f).to_owned()).into_iter().collect())
    } else if p == "minisign" && cmd.flag(b"V", &[]) {
        // `-m FILE`, also as the last of joined flags (`-Vm FILE`).
        let words: Vec<&str> = cmd.words().collect();
        let file = words
            .iter()
            .position(|w| w.starts_with('-') && !w.starts_with("--") && w.ends_with('m'))
            .and_then(|i| words.get(i + 1));
        Covers::Files(file.map(|f| (*f).to_owned()).into_iter().collect())
    } else {
        return None;
    };
    gate(s, index, covers)
}

/// The check's cover when its failure stops what follows on the line: it is the line's last
/// command, or joined to the next by `&&` and piped nowhere.
fn gate(s: &Script<'_>, index: usize, covers: Covers) -> Option<Covers> {
    let c = s.commands.get(index)?;
    let last = index + 1 == s.commands.len();
    (!c.piped_out && !c.or_else && (last || c.and_then)).then_some(covers)
}
