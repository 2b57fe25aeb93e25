#!/usr/bin/env bash
# Installs strider, its shell completions (bash, zsh, fish) and its man page under a prefix
# (default ~/.local). swift-argument-parser generates both from the commands' own help, so
# they never disagree with `strider --help`.
#
#   Scripts/install-shell-extras.sh                     # release build, into ~/.local
#   Scripts/install-shell-extras.sh --prefix /usr/local # system-wide (needs write access)
#   Scripts/install-shell-extras.sh --binary PATH       # an already built strider
#   Scripts/install-shell-extras.sh --no-man            # skip the man page (its plugin
#                                                       # builds the package in release mode)
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${HOME:?set HOME or pass --prefix}/.local"
binary=""
man=1
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --no-man) man=0; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "install-shell-extras: unknown argument $1" >&2; exit 64 ;;
  esac
done

if [ -z "$binary" ]; then
  # The Swift runtime and Foundation linked in: the binary starts in half the time (it
  # need not resolve their symbols) and runs where no Swift toolchain is installed.
  swift build -c release --static-swift-stdlib --product strider
  binary="$(swift build -c release --show-bin-path)/strider"
fi

mkdir -p "$prefix/bin" "$prefix/share/bash-completion/completions" \
  "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 755 "$binary" "$prefix/bin/strider"
"$binary" --generate-completion-script bash > "$prefix/share/bash-completion/completions/strider"
"$binary" --generate-completion-script zsh > "$prefix/share/zsh/site-functions/_strider"
"$binary" --generate-completion-script fish \
  > "$prefix/share/fish/vendor_completions.d/strider.fish"
echo "installed $prefix/bin/strider and its bash, zsh and fish completions"

if [ "$man" = 1 ]; then
  # The generate-manual plugin ships with swift-argument-parser (no download); it writes
  # one page per executable product.
  if swift package plugin generate-manual >/dev/null; then
    mkdir -p "$prefix/share/man/man1"
    install -m 644 .build/plugins/GenerateManual/outputs/StriderCLI/strider.1 \
      "$prefix/share/man/man1/strider.1"
    echo "installed $prefix/share/man/man1/strider.1 (man strider)"
  else
    echo "install-shell-extras: the generate-manual plugin failed; no man page" >&2
    exit 1
  fi
fi
