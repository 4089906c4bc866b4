//! `airlock completions SHELL` and `airlock man`: shell completions and manual pages generated
//! from the command-line definitions themselves (`clap_complete`, `clap_mangen`), so they list
//! exactly the commands, flags and values this binary takes. Generated at run time rather than
//! by a build step: an `airlock` installed with `cargo install` has no build directory to pick
//! files from, and packagers can run `airlock completions bash > ...` in their install step.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use clap::Command;
use clap_complete::Shell;

use crate::cli::EXIT_USAGE;

/// Prints the completion script for `shell` on standard output.
pub fn completions(mut command: Command, shell: Shell) -> ExitCode {
    let name = command.get_name().to_owned();
    // Into a buffer first: clap_complete panics when its writer fails, and a closed pipe
    // (`airlock completions bash | head`) is not a reason to panic.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, name, &mut script);
    match std::io::stdout().write_all(&script) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("airlock completions: {e}");
            ExitCode::from(EXIT_USAGE)
        }
        _ => ExitCode::SUCCESS,
    }
}

/// Prints airlock(1) on standard output, or with `dir` writes one page per command there
/// (`airlock.1`, `airlock-check.1`, `airlock-policy-test.1`...).
pub fn man(command: Command, dir: Option<&Path>) -> ExitCode {
    let result = match dir {
        None => page(command).and_then(|out| std::io::stdout().write_all(&out)),
        Some(dir) => std::fs::create_dir_all(dir).and_then(|()| write_pages(command, dir, "")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("airlock man: {e}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// Writes the page of `command` and, recursively, of each of its subcommands, named the way
/// `man` finds them (`airlock-policy-test.1` for `airlock policy test`).
fn write_pages(command: Command, dir: &Path, parent: &str) -> std::io::Result<()> {
    let name = if parent.is_empty() {
        command.get_name().to_owned()
    } else {
        format!("{parent}-{}", command.get_name())
    };
    std::fs::write(
        dir.join(format!("{name}.1")),
        page(command.clone().display_name(name.clone()))?,
    )?;
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        write_pages(sub.clone(), dir, &name)?;
    }
    Ok(())
}

/// One page: clap_mangen's sections, then ENVIRONMENT and EXIT STATUS from
/// [`crate::environment`] (in place of the generic EXTRA section `Man::render` would make of
/// the long help's tail).
fn page(command: Command) -> std::io::Result<Vec<u8>> {
    let has_options = command.get_arguments().any(|a| !a.is_hide_set());
    let has_subcommands = command.get_subcommands().any(|c| !c.is_hide_set());
    let has_version = command.get_version().is_some();
    let man = clap_mangen::Man::new(command);
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    if has_options {
        man.render_options_section(&mut out)?;
    }
    if has_subcommands {
        man.render_subcommands_section(&mut out)?;
    }
    crate::environment::man_sections().to_writer(&mut out)?;
    if has_version {
        man.render_version_section(&mut out)?;
    }
    Ok(out)
}
