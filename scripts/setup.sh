#!/usr/bin/env bash
# Installs what `just test` needs and is not there yet. Safe to run again: it only installs
# what is missing.
set -euo pipefail

need_component() {
    local tool=$1 component=$2
    if ! cargo "$tool" --version >/dev/null 2>&1; then
        echo "setup: installing the rustup component $component"
        rustup component add "$component"
    fi
}

if ! command -v cargo >/dev/null 2>&1; then
    echo "setup: cargo is not installed: install Rust from https://rustup.rs, then run 'just test' again" >&2
    exit 1
fi
need_component fmt rustfmt
need_component clippy clippy
echo "setup: ready ($(cargo --version))"
