//! A name an earlier step defined as an alias or a function (`alias awsl='aws
//! --endpoint-url=http://localhost:4566'`) runs what it stands for, and that is judged as
//! such ([`super::carried::named_command`], by every reader). The name is judged as written
//! too, so that a function wrapping the program of the same name cannot hide it; but a name
//! no reader knows is read there only by the generic and plain-language readers, which guess
//! from its words (`awsl s3 rm ... --recursive` as "rm: destroys a data store") what the
//! definition already says exactly. Those guesses are lowered; what the definition runs keeps
//! its own grade, whatever it is.
//!
//! Only for a name no reader knows (not in [`super::lexicon`]) whose definition starts with
//! another program: `alias rm='rm -i'` and `git() { command git "$@"; }` keep every reading.

use super::{Cmd, Context};
use crate::finding::{Finding, Severity};

/// Lowers the guesses the generic readers made from the name's words.
pub fn lower(cmd: &Cmd<'_>, ctx: &Context, found: &mut [Finding]) {
    if super::lexicon::flags(cmd.program) != 0 {
        return;
    }
    let Some((what, line)) = super::carried::named_command(cmd.program, cmd.args, ctx) else {
        return;
    };
    if line.split_whitespace().next() == Some(cmd.program) {
        return;
    }
    let from_definition = format!("{what} (as `");
    for f in found.iter_mut().filter(|f| {
        (f.code.starts_with("generic.") || f.code.starts_with("prose."))
            && f.severity > Severity::Note
            && !f.message.starts_with(&from_definition)
    }) {
        f.severity = Severity::Note;
        f.message = format!(
            "{what}, judged as what it runs; the name's words alone: {}",
            f.message
        );
    }
}
