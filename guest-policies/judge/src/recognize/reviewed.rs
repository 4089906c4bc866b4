//! A downloaded script the agent read whole in an earlier step, then runs: the code that runs
//! is code the agent has seen, as its own files are (`curl -fsSLo /tmp/i.sh URL`, `less
//! /tmp/i.sh`, then `sh /tmp/i.sh`). Remote code is code from the network that nobody read;
//! this is not that.
//!
//! What counts as read, by structure:
//! - a program that prints the whole file (`cat`, `less`, `more`, `most`, `bat`, `nl`, `view`,
//!   [`WHOLE`]), with no option that prints a part (`bat -r`, `less +/pattern` still pages the
//!   whole file and counts), its output reaching the agent (not piped, not redirected);
//! - in an EARLIER step than the run: a read on the same line as the run is output the agent
//!   has not seen when the run starts (`cat i.sh && sh i.sh`);
//! - of the same path as the run (a file of the same name elsewhere is another file), with no
//!   download to that path since (the latest of the two wins).
//!
//! Not a review: a part of the file (`head -n 40`, `grep curl i.sh`, `cat i.sh | head`), a
//! checksum only printed (`sha256sum i.sh`: nothing is compared; a checksum checked with `-c`
//! or a signature verified clears the mark where downloads are recorded, in
//! [`super::secrets`]), a read in words ("I read it").

use super::defined::Kind;
use super::{Cmd, Context};
use crate::shell::{RedirectKind, Script};

/// Programs that print a whole file to the terminal.
const WHOLE: &[&str] = &[
    "cat", "less", "more", "most", "bat", "batcat", "nl", "view", "pg", "tac",
];

/// Options of those programs that print only a part (bat's line ranges, nl's section
/// selection is still whole; cat's and less's options all print everything).
const PART: &[&str] = &["-r", "--line-range", "-H", "--highlight-line"];

fn key(path: &str) -> &str {
    path.trim_matches(['"', '\'']).trim_start_matches("./")
}

/// Records that a file was downloaded (again) by this step: a read before it reviewed an
/// older content.
pub fn record_download(path: &str, ctx: &mut Context) {
    let step = ctx.env.step;
    ctx.env
        .defined
        .define(Kind::Reviewed, key(path), "downloaded", step, None);
}

/// Records the downloaded files `cmd` prints whole to the agent.
pub fn record_read(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &mut Context) {
    if !WHOLE.contains(&cmd.program) || ctx.downloads.is_empty() {
        return;
    }
    let me = s.commands.get(index);
    let shown = me.is_some_and(|c| {
        !c.piped_out
            && !c.redirects.iter().any(|r| {
                matches!(r.kind, RedirectKind::Write | RedirectKind::Append)
                    || r.target.trim() == "/dev/null"
            })
    });
    if !shown || cmd.words().any(|w| PART.contains(&w)) {
        return;
    }
    let step = ctx.env.step;
    let files: Vec<String> = cmd
        .operands(&[])
        .filter(|f| {
            let k = key(f);
            ctx.downloads.iter().any(|d| key(d) == k)
        })
        .map(|f| key(f).to_owned())
        .collect();
    for f in files {
        ctx.env
            .defined
            .define(Kind::Reviewed, &f, "read", step, None);
    }
}

/// Whether the downloaded file `path` was printed whole to the agent in an earlier step, with
/// no download to it since.
pub fn read_before(path: &str, ctx: &Context) -> bool {
    ctx.env
        .defined
        .latest_of(Kind::Reviewed, key(path))
        .is_some_and(|d| d.value == "read" && d.step < ctx.env.step)
}
