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
#
# The default guests are also committed, in host/guests/ (embedded by host/build.rs, so
# `cargo install` needs no wasm toolchain): this script refreshes those copies and their
# BUILD-INFO (the compiler that built them). `scripts/build-guests.sh --check` builds and, instead
# of refreshing, fails when the committed copies differ from this build (CI runs it).
#
# Reproducible: the same sources and compiler give the same bytes in any checkout directory and
# for any user. Paths end up in a guest (panic locations name source files), so the checkout, the
# cargo home (registry sources) and the compiler's sysroot (std sources, built here with
# -Zbuild-std) are remapped to fixed names with --remap-path-prefix.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
mode=refresh
case "${1:-}" in
--check) mode=check ;;
"") ;;
*)
    echo "usage: $0 [--check]" >&2
    exit 1
    ;;
esac
committed=$root/host/guests
defaults=(default-patterns default-scorer)
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

# The rustflags that make the build independent of where things are on this machine (see the
# header): CARGO_ENCODED_RUSTFLAGS (fields separated by 0x1f) so paths with spaces survive. The
# last matching prefix wins, so the broad checkout prefix comes first. Replaces any RUSTFLAGS of
# the caller's environment: the guests' bytes must not depend on it.
remap_flags() {
    local rustc=$1 cargo_home=${CARGO_HOME:-$HOME/.cargo} sysroot flags
    sysroot=$("$rustc" --print sysroot)
    flags="--remap-path-prefix=$root=/airlock"
    flags+=$'\x1f'"--remap-path-prefix=$cargo_home=/cargo"
    flags+=$'\x1f'"--remap-path-prefix=$sysroot=/rustc-sysroot"
    printf '%s' "$flags"
}
unset RUSTFLAGS

# Guests always build in guest-policies/target, whatever CARGO_TARGET_DIR says for the host.
build=(build --release --locked --target "$target" --manifest-path "$guests/Cargo.toml")
if rustup_has_target; then
    compiler=$(rustc --version)
    say "building with rustup's toolchain ($(cargo --version))"
    CARGO_TARGET_DIR=$guests/target CARGO_ENCODED_RUSTFLAGS=$(remap_flags rustc) cargo "${build[@]}"
else
    if ! debian_ready || ! debian_recent_enough; then
        install_debian_packages
    fi
    compiler="$(/usr/bin/rustc --version) (Debian rustc-web, -Zbuild-std)"
    say "building with Debian's toolchain ($(/usr/bin/cargo --version))"
    CARGO_TARGET_DIR=$guests/target \
        CARGO_ENCODED_RUSTFLAGS=$(remap_flags /usr/bin/rustc) \
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

# The native code of the committed default guests (tools/precompile; the dev profile, whose
# optimized wasmtime the tests reuse). Cranelift here has only this machine's backend, so only an
# x86-64 machine can make or check the x86-64 artifacts; elsewhere this says so and goes on (the
# build then leaves stale artifacts out, and the built-ins compile at first start).
precompile() {
    if [ "$(uname -m)" != x86_64 ]; then
        echo "guests: WARNING: the precompiled default guests (host/guests/*.x86_64-linux.cwasm) can only be ${1:+checked}${1:-refreshed} on an x86-64 machine: skipped" >&2
        return 0
    fi
    # Refreshing when every listed digest still matches would only rebuild the tool (wasmtime,
    # minutes on a fresh machine: `just run` pays it) to write the same bytes: skip it. --check
    # always recompiles, since proving the artifacts is its purpose.
    if [ "$#" -eq 0 ] && precompiled_up_to_date; then
        say "host/guests/ native code is up to date (PRECOMPILED lists these components)"
        return 0
    fi
    cargo run --quiet --locked -p airlock-precompile -- "$@" "$committed"
}

# True when host/guests/PRECOMPILED lists every default guest with its component's sha256 and
# its artifact's.
precompiled_up_to_date() {
    local guest listed
    for guest in "${defaults[@]}"; do
        listed=$(grep "^$guest.x86_64-linux.cwasm " "$committed/PRECOMPILED" 2>/dev/null) || return 1
        [ "$listed" = "$guest.x86_64-linux.cwasm $(sha256sum <"$committed/$guest.wasm" | cut -d' ' -f1) $(sha256sum <"$committed/$guest.x86_64-linux.cwasm" 2>/dev/null | cut -d' ' -f1)" ] || return 1
    done
}

# The committed default guests (host/guests/): refreshed, or checked against this build.
info="compiler: $compiler
componentize: airlock-componentize (tools/componentize of this checkout)
target: $target"
if [ "$mode" = refresh ]; then
    mkdir -p "$committed"
    for guest in "${defaults[@]}"; do
        if ! cmp -s "$out/$guest.wasm" "$committed/$guest.wasm"; then
            cp "$out/$guest.wasm" "$committed/$guest.wasm"
            say "refreshed host/guests/$guest.wasm: commit it"
        fi
    done
    printf '# The compiler that built host/guests/*.wasm (written by scripts/build-guests.sh).\n%s\n' "$info" >"$committed/BUILD-INFO"
    precompile
    exit 0
fi
precompile --check

# --check: byte-identical, or say what to do. Only the same compiler can promise the same bytes:
# with another one the comparison would fail for a reason that is not a stale commit, so it is
# skipped, loudly (the components are still rebuilt and tested from source above).
recorded=$(sed -n 's/^compiler: //p' "$committed/BUILD-INFO" 2>/dev/null || true)
if [ "$recorded" != "$compiler" ]; then
    echo "guests: WARNING: host/guests/ was built by '$recorded', this machine has '$compiler':" >&2
    echo "guests: WARNING: byte-identity NOT checked (another compiler gives other bytes)." >&2
    echo "guests: WARNING: to check it, build with the recorded compiler; to move to this one, run 'just guests' and commit host/guests/." >&2
    exit 0
fi
stale=0
for guest in "${defaults[@]}"; do
    if ! cmp -s "$out/$guest.wasm" "$committed/$guest.wasm"; then
        echo "guests: host/guests/$guest.wasm differs from the one built from source ($(wc -c <"$out/$guest.wasm") bytes built, $(wc -c <"$committed/$guest.wasm" 2>/dev/null || echo 0) committed)" >&2
        stale=1
    fi
done
if [ "$stale" = 1 ]; then
    echo "guests: the committed default guests are stale: run 'just guests' and commit host/guests/" >&2
    exit 1
fi
say "host/guests/ is byte-identical to the guests built from source ($compiler)"
