#!/usr/bin/env bash
# Builds the Pulumi CLI and the Node.js language host from Go modules, at the version of the
# @pulumi/pulumi dev dependency, into .tools/pulumi/<version>/bin. Reuses a finished build.
# Prints the bin folder on its last line. Progress goes to stderr.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
say() { printf '[pulumi-cli] %s\n' "$*" >&2; }

version="${PULUMI_VERSION:-}"
if [ -z "$version" ]; then
  version="$(node -p "require('$root/node_modules/@pulumi/pulumi/package.json').version" 2>/dev/null || true)"
fi
if [ -z "$version" ]; then
  version="$(node -p "require('$root/package.json').devDependencies['@pulumi/pulumi'].replace(/[^0-9.]/g,'')")"
fi

bin="$root/.tools/pulumi/$version/bin"
host_plugin="$root/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"

link_host_plugin() {
  if [ -f "$host_plugin" ]; then
    ln -sf "$host_plugin" "$bin/pulumi-resource-pulumi-nodejs"
  fi
}

if [ -x "$bin/pulumi" ] && { [ -x "$bin/pulumi-language-nodejs" ] || [ -f "$bin/.no-language-host" ]; }; then
  link_host_plugin
  say "reusing the Pulumi CLI v$version in $bin"
  echo "$bin"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  if command -v pulumi >/dev/null 2>&1; then
    say "Go is not installed; using the pulumi on PATH: $(command -v pulumi)"
    dirname "$(command -v pulumi)"
    exit 0
  fi
  cat >&2 <<MSG
[pulumi-cli] Neither a 'pulumi' command nor Go was found.
[pulumi-cli] Install the Pulumi CLI (https://www.pulumi.com/docs/install/) and put it on PATH,
[pulumi-cli] or install Go 1.25 or later so that this script can build v$version from Go modules.
MSG
  exit 1
fi

work="$root/.tools/pulumi/$version/src"
mkdir -p "$work" "$bin"
cd "$work"
export CGO_ENABLED=0 GOFLAGS=-mod=mod
export GONOSUMDB="${GONOSUMDB:-github.com/pulumi}"

say "building the Pulumi CLI v$version from Go modules (a cold build takes 10 to 25 minutes; later runs reuse it)"
[ -f go.mod ] || printf 'module local/pulumi-cli\n\ngo 1.25\n' > go.mod

say "step 1/4: resolving github.com/pulumi/pulumi/pkg/v3@v$version"
go get -tool "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi@v$version" >&2
ldflags="-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$version"
say "step 2/4: compiling pulumi (the long step)"
go build -trimpath -tags osusergo,grpcnotrace -ldflags "$ldflags" -o "$bin/pulumi.tmp" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
mv "$bin/pulumi.tmp" "$bin/pulumi"

# The Node.js language host is only needed to run a program folder with `pulumi up`; this project's
# scripts and tests run programs through the Automation API's inline mode, which needs only `pulumi`.
# Its module is published without tags, so the proxy must already hold the release commit.
build_language_host() {
  local rev="" m
  for m in sdk pkg; do
    rev="$(go mod download -json "github.com/pulumi/pulumi/$m/v3@v$version" 2>/dev/null |
      node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{const j=JSON.parse(s);process.stdout.write((j.Origin&&j.Origin.Hash)||"")}catch{}})')"
    [ -n "$rev" ] && break
  done
  [ -n "$rev" ] || return 1
  go get -tool "github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3@$rev" >&2 || return 1
  go build -trimpath -tags osusergo,grpcnotrace -ldflags "$ldflags" -o "$bin/pulumi-language-nodejs.tmp" \
    github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 || return 1
  mv "$bin/pulumi-language-nodejs.tmp" "$bin/pulumi-language-nodejs"
}
say "step 3/4: pulumi-language-nodejs (optional)"
if build_language_host; then
  say "built pulumi-language-nodejs"
else
  say "pulumi-language-nodejs is not available from the module proxy here; programs run through the Automation API instead"
  touch "$bin/.no-language-host"
fi
say "step 4/4: linking the dynamic provider host"
link_host_plugin
say "done: $("$bin/pulumi" version)"
echo "$bin"
