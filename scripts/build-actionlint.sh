#!/usr/bin/env bash
# Builds actionlint (the GitHub Actions workflow linter) from the Go module proxy into
# .tools/actionlint/<version>/actionlint, for test/workflows/. Reuses a finished build.
# Prints the binary's path on its last line. Progress goes to stderr.
#
#   bash scripts/build-actionlint.sh              the pinned version below
#   ACTIONLINT_VERSION=v1.7.7 bash scripts/...    another one
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
say() { printf '[actionlint] %s\n' "$*" >&2; }

version="${ACTIONLINT_VERSION:-v1.7.12}"
dir="$root/.tools/actionlint/$version"
bin="$dir/actionlint"

if [ -x "$bin" ]; then
  say "reusing actionlint $version in $dir"
  echo "$bin"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  if command -v actionlint >/dev/null 2>&1; then
    say "Go is not installed; using the actionlint on PATH: $(command -v actionlint)"
    command -v actionlint
    exit 0
  fi
  cat >&2 <<MSG
[actionlint] Neither an 'actionlint' command nor Go was found.
[actionlint] Install actionlint (https://github.com/rhysd/actionlint) and put it on PATH,
[actionlint] or install Go so that this script can build $version from Go modules.
MSG
  exit 1
fi

# go install writes into a fresh folder first, so an interrupted build never leaves a half-written binary behind.
mkdir -p "$root/.tools"
staging="$(mktemp -d "$root/.tools/actionlint.XXXXXX")"
trap 'rm -rf "$staging"' EXIT

say "building actionlint $version from Go modules (about a minute the first time)"
CGO_ENABLED=0 GOBIN="$staging" go install -trimpath -ldflags "-s -w" "github.com/rhysd/actionlint/cmd/actionlint@$version" >&2
mkdir -p "$dir"
mv "$staging/actionlint" "$bin"
say "done: $("$bin" -version | head -n 1)"
echo "$bin"
