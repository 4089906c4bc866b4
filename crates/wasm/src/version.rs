//! Versions of the WIT contract: which one this airlock reads, and which guests it accepts.
//!
//! The rule is semver's for 0.x and 1+: a guest built for `0.1.z` works with a host built for
//! `0.1.0` (same minor), one built for `1.y.z` with a host for `1.0.0` (same major). wasmtime
//! resolves a compatible export name itself; this module only decides and explains.

use semver::Version;

/// The version of the `airlock:policy` WIT package this airlock was built against.
pub const WIT_VERSION: &str = "0.1.0";

/// The WIT package guests implement.
#[cfg(test)]
const PACKAGE: &str = "airlock:policy";

/// The exported interface of a scorer, without its version.
pub(crate) const SCORER_INTERFACE: &str = "airlock:policy/scorer";

/// The types-only interface both worlds use, without its version.
pub(crate) const TYPES_INTERFACE: &str = "airlock:policy/types";

/// The exported interface of a pattern stage, without its version.
pub(crate) const PATTERNS_INTERFACE: &str = "airlock:policy/patterns";

/// An export name split into its interface and version: `a:b/c@1.2.3`.
pub(crate) fn split_versioned(name: &str) -> (&str, Option<&str>) {
    match name.split_once('@') {
        Some((interface, version)) => (interface, Some(version)),
        None => (name, None),
    }
}

/// The version this host reads, parsed.
pub(crate) fn expected() -> Version {
    // A unit test proves the constant parses; fall back to 0.0.0 rather than panic.
    Version::parse(WIT_VERSION).unwrap_or(Version::new(0, 0, 0))
}

/// The contract versions this host accepts: `0.1.x` (for 0.x, the same minor) or `1.x`.
pub fn accepted_range() -> String {
    let v = expected();
    if v.major == 0 {
        format!("0.{}.x", v.minor)
    } else {
        format!("{}.x", v.major)
    }
}

/// Whether a guest's version string is compatible with this host's.
pub(crate) fn is_compatible(found: &str) -> bool {
    let Ok(found) = Version::parse(found) else {
        return false;
    };
    let expected = expected();
    if expected.major == 0 {
        found.major == 0 && found.minor == expected.minor
    } else {
        found.major == expected.major
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_constant_matches_the_wit_package() {
        let wit = include_str!("../../../wit/policy.wit");
        let line = format!("package {PACKAGE}@{WIT_VERSION};");
        assert!(
            wit.contains(&line),
            "wit/policy.wit does not declare `{line}`"
        );
        assert!(Version::parse(WIT_VERSION).is_ok());
    }

    #[test]
    fn zero_x_needs_the_same_minor() {
        assert!(is_compatible("0.1.0"));
        assert!(is_compatible("0.1.7"));
        assert!(!is_compatible("0.2.0"));
        assert!(!is_compatible("1.1.0"));
        assert!(!is_compatible("banana"));
        assert_eq!(accepted_range(), "0.1.x");
    }

    #[test]
    fn names_split_at_the_version() {
        assert_eq!(
            split_versioned("airlock:policy/scorer@0.1.0"),
            ("airlock:policy/scorer", Some("0.1.0"))
        );
        assert_eq!(split_versioned("run"), ("run", None));
    }
}
