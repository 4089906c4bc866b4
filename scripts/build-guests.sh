#!/usr/bin/env bash
# Builds every guest policy of guest-policies/ for wasm32-unknown-unknown and turns each into a
# component: target/guests/<crate-name>.wasm (default-scorer.wasm, infinite-loop.wasm...).
#
# Incremental and idempotent: cargo rebuilds only what changed, and a component is rewritten only
# when its core module is newer than it.
#
# The compiler, first that works:
#   1. rustup's toolchain, if `rustup target list --installed` has wasm32-unknown-unknown
#      (`rustup target add wasm32-unknown-unknown` on a laptop): plain `cargo build --target`.
#   2. Debian's packages rustc-web, cargo-web, rust-web-src and lld-19 (Debian's rustc, with the
#      std sources it needs to build std for wasm32, and the wasm linker), installed with apt-get
#      when they are missing and this runs as root; otherwise it stops, saying what to install.
#      See /work/shared/docs/toolchain.md for why rustup cannot fetch the target on CI machines.
# The components are made by tools/componentize (`airlock-componentize`), built with rustup's
# cargo like the rest of the host workspace.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
guests=$root/guest-policies
out=$root/target/guests
target=wasm32-unknown-unknown
debian_packages=(rustc-web cargo-web rust-web-src lld-19)

say() { echo "guests: $*"; }
die() {
    echo "guests: $*" >&2
    exit 1
}

rustup_has_target() {
    command -v rustup >/dev/null 2>&1 &&
        rustup target list --installed 2>/dev/null | grep -qx "$target"
}

debian_ready() {
    [ -x /usr/bin/rustc ] && [ -x /usr/bin/cargo ] && command -v wasm-ld-19 >/dev/null 2>&1 &&
        [ -d "$(/usr/bin/rustc --print sysroot 2>/dev/null)/lib/rustlib/src/rust/library" ]
}

# The guests' dependencies need at least this rustc (wit-bindgen 0.51 declares rust-version 1.87).
min_rustc=1.87

# "1.96.0" from `rustc 1.96.0 (...)`; empty when the compiler does not run.
rustc_version() { "$1" --version 2>/dev/null | awk '{print $2}' | cut -d- -f1; }

# True when version $1 >= version $2 (dotted numbers).
version_at_least() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }

debian_recent_enough() {
    local v
    v=$(rustc_version /usr/bin/rustc)
    [ -n "$v" ] && version_at_least "$v" "$min_rustc"
}

install_debian_packages() {
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        die "no compiler for $target (rustc >= $min_rustc). Either run 'rustup target add $target', \
or install Debian's packages: sudo apt-get update && sudo apt-get install -y ${debian_packages[*]}"
    fi
    export DEBIAN_FRONTEND=noninteractive
    # Always refresh the package lists first: stale lists install an old rustc-web (1.85 on a
    # fresh image) that the guests' dependencies refuse.
    say "refreshing the package lists (apt-get update)"
    apt-get update -qq >/dev/null || die "apt-get update failed: check the network or the apt sources, then run again"
    say "installing ${debian_packages[*]} with apt-get"
    apt-get install -y -qq "${debian_packages[@]}" >/dev/null ||
        die "apt-get could not install ${debian_packages[*]}"
    debian_ready || die "installed ${debian_packages[*]}, but /usr/bin/rustc, /usr/bin/cargo, \
wasm-ld-19 or the std sources are still missing"
    debian_recent_enough || die "apt-get installed rustc $(rustc_version /usr/bin/rustc) from \
${debian_packages[0]}, but the guests need rustc >= $min_rustc. Use a newer Debian release's \
packages, or run 'rustup target add $target'"
    say "got $(/usr/bin/rustc --version)"
}

# Guests always build in guest-policies/target, whatever CARGO_TARGET_DIR says for the host.
build=(build --release --locked --target "$target" --manifest-path "$guests/Cargo.toml")
if rustup_has_target; then
    say "building with rustup's toolchain ($(cargo --version))"
    CARGO_TARGET_DIR=$guests/target cargo "${build[@]}"
else
    if ! debian_ready || ! debian_recent_enough; then
        install_debian_packages
    fi
    say "building with Debian's toolchain ($(/usr/bin/cargo --version))"
    CARGO_TARGET_DIR=$guests/target \
        RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc \
        CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-19 \
        /usr/bin/cargo "${build[@]}" -Zbuild-std=std,panic_abort
fi

# Every guest crate: the cdylib members of the guest workspace.
mapfile -t crates < <(
    find "$guests" -name Cargo.toml -not -path '*/target/*' -exec grep -l 'crate-type = \["cdylib"\]' {} + |
        xargs sed -n 's/^name = "\(.*\)"$/\1/p' | sort
)
[ "${#crates[@]}" -gt 0 ] || die "no guest crates found in $guests"

mkdir -p "$out"
cargo build --release --quiet --locked -p airlock-componentize
made=0
for crate in "${crates[@]}"; do
    module=$guests/target/$target/release/${crate//-/_}.wasm
    component=$out/$crate.wasm
    [ -f "$module" ] || die "cargo built no $module"
    if [ -f "$component" ] && [ "$component" -nt "$module" ]; then
        continue
    fi
    cargo run --release --quiet --locked -p airlock-componentize -- "$module" "$component.tmp" >/dev/null
    mv -f "$component.tmp" "$component"
    say "$(basename "$component") ($(wc -c <"$component") bytes)"
    made=$((made + 1))
done
say "${#crates[@]} components in ${out#"$root"/} ($made rebuilt)"
