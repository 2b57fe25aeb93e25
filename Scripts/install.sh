#!/usr/bin/env bash
# Installs strider under a prefix (default ~/.local): the binary, built once in release mode
# and stripped; its completions for bash, zsh and fish; its man page; and the docs its help
# points to. swift-argument-parser generates the completions and the man page from the
# commands' own help, so they never disagree with `strider --help`.
#
#   Scripts/install.sh                      # build, then install into ~/.local
#   Scripts/install.sh --prefix /usr/local  # system-wide (needs write access)
#   Scripts/install.sh --binary PATH        # install an already built strider, no build
#   Scripts/install.sh --no-man             # skip the man page
#
# Then open a new shell (or `source` the completion file) and `man strider`.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${HOME:?set HOME or pass --prefix}/.local"
binary=""
man=1
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a folder}"; shift 2 ;;
    --binary) binary="${2:?--binary needs a path}"; shift 2 ;;
    --no-man) man=0; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument $1 (see --help)" >&2; exit 64 ;;
  esac
done

if [ -z "$binary" ]; then
  # The Swift runtime and Foundation linked in: the binary starts in half the time (it
  # need not resolve their symbols) and runs where no Swift toolchain is installed.
  swift build -c release --static-swift-stdlib --product strider
  binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/strider"
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 66; }

mkdir -p "$prefix/bin" "$prefix/share/bash-completion/completions" \
  "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d" \
  "$prefix/share/doc/strider"
# Stripped: the symbols are two fifths of the file and nothing reads them at run time.
if command -v strip >/dev/null; then
  install -m 755 -s "$binary" "$prefix/bin/strider"
else
  install -m 755 "$binary" "$prefix/bin/strider"
fi
"$binary" --generate-completion-script bash > "$prefix/share/bash-completion/completions/strider"
"$binary" --generate-completion-script zsh > "$prefix/share/zsh/site-functions/_strider"
"$binary" --generate-completion-script fish \
  > "$prefix/share/fish/vendor_completions.d/strider.fish"
install -m 644 README.md docs/*.md "$prefix/share/doc/strider/"
echo "installed $prefix/bin/strider ($(du -h "$prefix/bin/strider" | cut -f1)), its bash, zsh" \
  "and fish completions, and its docs in $prefix/share/doc/strider"

if [ "$man" = 1 ]; then
  # swift-argument-parser's generate-manual tool, built on its own from the checked-out
  # package (a few seconds; the package plugin would build all of strider again), reads
  # the installed binary's help; Scripts/strider.1.mdoc adds what help has no place for.
  [ -d .build/checkouts/swift-argument-parser ] || swift package resolve
  tools=.build/manual-tool
  swift build -c release --package-path .build/checkouts/swift-argument-parser \
    --scratch-path "$tools" --product generate-manual
  page="$(mktemp)"
  trap 'rm -f "$page"' EXIT
  "$tools/release/generate-manual" "$prefix/bin/strider" --output-directory - > "$page"
  mkdir -p "$prefix/share/man/man1"
  # The extra sections go before the generated AUTHORS (or at the end when there is none),
  # where man(7) readers expect them.
  awk -v extra="Scripts/strider.1.mdoc" -v docs="$prefix/share/doc/strider" '
    function insert() { while ((getline line < extra) > 0) { gsub(/@DOCS@/, docs, line); print line } inserted = 1 }
    /^\.Sh AUTHORS/ && !inserted { insert() }
    { print }
    END { if (!inserted) insert() }
  ' "$page" > "$prefix/share/man/man1/strider.1"
  chmod 644 "$prefix/share/man/man1/strider.1"
  echo "installed $prefix/share/man/man1/strider.1 (man strider)"
fi
