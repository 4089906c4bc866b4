//! Environment variables that name directories, read as the XDG Base Directory specification
//! says: an empty value is unset, and so is a relative one ("all paths set in these environment
//! variables must be absolute"). Reading an empty `XDG_STATE_HOME` as a path once put airlock's
//! state in `./airlock` of whatever directory it was started from.

use std::ffi::OsString;
use std::path::PathBuf;

/// `$NAME` as a directory, if it is set to an absolute path.
pub fn absolute_dir(name: &str) -> Option<PathBuf> {
    dir_from(std::env::var_os(name))
}

/// A variable's value as a directory: `None` when unset, empty or relative.
fn dir_from(value: Option<OsString>) -> Option<PathBuf> {
    let path = PathBuf::from(value?);
    path.is_absolute().then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_relative_values_are_unset() {
        assert_eq!(dir_from(None), None);
        assert_eq!(dir_from(Some("".into())), None);
        assert_eq!(dir_from(Some("relative/dir".into())), None);
        assert_eq!(dir_from(Some("./x".into())), None);
        assert_eq!(
            dir_from(Some("/abs/dir".into())),
            Some(PathBuf::from("/abs/dir"))
        );
    }
}
