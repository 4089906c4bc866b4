//! Benign work the readers grade as dangerous, lowered by what the line and the earlier steps
//! prove (each kind in its own module): a secret's metadata read ([`super::secret_metadata`]),
//! a publication only its author sees ([`super::visibility`]), a call with a vendor's
//! published development credential ([`super::dev_credentials`]), an object this session
//! made ([`super::scratch`]), a key used to log in or a permission removed
//! ([`super::key_use`]), a request to a vendor's sandbox or test mode ([`super::sandboxes`]),
//! build artifacts uploaded to the account configured here ([`super::artifact_uploads`]), the
//! generic readers' guesses from the words of an alias's name ([`super::alias_names`]). A
//! download checked against its published digest is cleared where downloads are recorded
//! ([`super::secrets`]), and so is one the agent read whole a step before
//! ([`super::reviewed`]); a dotenv file's names read without values is no read
//! ([`super::secret_names`]); build outputs of the toolchains are read by path
//! ([`super::build_output`]); a bulk delete inside a temporary folder on a listing of it
//! ([`super::temporary_cwd`]); a CLI told to work on its local emulation (Firebase's `demo-`
//! projects, Wrangler's `--local`: [`super::local_modes`]).
//!
//! Run last for each command, on that command's findings only, so a lowering never reaches
//! another command of the line; each module lowers only findings about its own object.

use super::{Cmd, Context};
use crate::finding::Finding;
use crate::shell::Script;

/// Records what later steps' lowerings rely on (namespaces made, scratch copies). A creation
/// whose failure the line tolerates (`|| true`, errors sent to `/dev/null`) may have met an
/// object that already existed: it makes nothing here.
pub fn record(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &mut Context) {
    let tolerated = s.commands.get(index).is_some_and(|c| c.or_else)
        || cmd.redirects.iter().any(|r| r.target.trim() == "/dev/null");
    if tolerated {
        return;
    }
    super::scratch::record(cmd, ctx);
    super::started::record(cmd, s, index, ctx);
    super::artifact_uploads::record(cmd, ctx);
    super::staging_uploads::record(cmd, ctx);
}

/// Lowers this command's findings that the benign kinds account for.
pub fn lower(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &Context, found: &mut [Finding]) {
    if found.is_empty() {
        return;
    }
    super::secret_metadata::lower(cmd, found);
    super::visibility::lower(cmd, ctx, found);
    super::dev_credentials::lower(cmd, ctx, found);
    super::scratch::lower(cmd, s, index, ctx, found);
    super::key_use::lower(cmd, found);
    super::sandboxes::lower(cmd, ctx, found);
    super::artifact_uploads::lower(cmd, ctx, found);
    super::alias_names::lower(cmd, ctx, found);
    super::temporary_cwd::lower(cmd, s, index, ctx, found);
    super::local_modes::lower(cmd, found);
    super::throwaway::lower_scratch_push(cmd, ctx, found);
    super::withheld::lower(cmd, s, index, found);
    super::staging_uploads::lower(cmd, s, index, ctx, found);
    super::made_in_line::lower(cmd, s, index, ctx, found);
    super::test_resets::lower(cmd, s, index, ctx, found);
    super::started::lower(cmd, s, ctx, found);
    super::placeholders::lower(cmd, found);
}
