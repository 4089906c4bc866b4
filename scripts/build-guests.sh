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

install_debian_packages() {
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        die "no compiler for $target. Either run 'rustup target add $target', or install \
Debian's packages: sudo apt-get install -y ${debian_packages[*]}"
    fi
    say "installing ${debian_packages[*]} with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    if ! apt-get install -y "${debian_packages[@]}" >/dev/null; then
        apt-get update >/dev/null
        apt-get install -y "${debian_packages[@]}" >/dev/null ||
            die "apt-get could not install ${debian_packages[*]}"
    fi
    debian_ready || die "installed ${debian_packages[*]}, but /usr/bin/rustc, /usr/bin/cargo, \
wasm-ld-19 or the std sources are still missing"
}

# Guests always build in guest-policies/target, whatever CARGO_TARGET_DIR says for the host.
build=(build --release --locked --target "$target" --manifest-path "$guests/Cargo.toml")
if rustup_has_target; then
    say "building with rustup's toolchain ($(cargo --version))"
    CARGO_TARGET_DIR=$guests/target cargo "${build[@]}"
else
    debian_ready || install_debian_packages
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
