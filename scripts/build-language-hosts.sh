#!/usr/bin/env bash
# Builds, from Go modules, what the other Pulumi languages need here, into
# .tools/language-hosts/<pulumi version>/bin, and reuses a finished build:
#   sdk-gen               the Go, Python and Node.js SDK generators of pulumi/pkg at the CLI's version
#                         (scripts/sdk-gen; their language hosts are not served by the module proxy)
#   sdk-gen-dotnet        the .NET generator, from pulumi/pkg v3.225.1, its last release there
#                         (scripts/sdk-gen-dotnet; pulumi-language-dotnet is not served either)
#   pulumi-language-yaml  the YAML language host (github.com/pulumi/pulumi-yaml), for `runtime: yaml`
# Prints the bin folder on its last line. Progress goes to stderr.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
say() { printf '[language-hosts] %s\n' "$*" >&2; }

# The version of the installed @pulumi/pulumi, as the CLI's build and the tests' lookups use it.
version="${PULUMI_VERSION:-$(node -p "require('$root/node_modules/@pulumi/pulumi/package.json').version")}"
yaml_version="${PULUMI_YAML_VERSION:-1.25.0}"

base="$root/.tools/language-hosts/$version"
bin="$base/bin"
mkdir -p "$bin"

if ! command -v go >/dev/null 2>&1; then
  say "Go 1.25 or later is needed to build the SDK generators and the YAML language host"
  exit 1
fi
export CGO_ENABLED=0
export GONOSUMDB="${GONOSUMDB:-github.com/pulumi}"
tags="osusergo,grpcnotrace"

# The stamp is the hash of a generator's sources: a change to them rebuilds it.
stamp_of() { cat "$1"/main.go "$1"/go.mod "$1"/go.sum | sha256sum | cut -d' ' -f1; }

build_generator() {
  local name="$1" src="$root/scripts/$1" stamp
  stamp="$(stamp_of "$src")"
  if [ -x "$bin/$name" ] && [ "$(cat "$bin/.$name.stamp" 2>/dev/null)" = "$stamp" ]; then
    say "reusing $name"
    return
  fi
  say "building $name (scripts/$name)"
  (cd "$src" && GOFLAGS=-mod=readonly go build -trimpath -tags "$tags" -ldflags "-s -w" -o "$bin/$name.tmp" .)
  mv "$bin/$name.tmp" "$bin/$name"
  echo "$stamp" > "$bin/.$name.stamp"
}

build_yaml_host() {
  local work="$base/yaml-src" stamp="pulumi-yaml v$yaml_version"
  if [ -x "$bin/pulumi-language-yaml" ] && [ "$(cat "$bin/.pulumi-language-yaml.stamp" 2>/dev/null)" = "$stamp" ]; then
    say "reusing pulumi-language-yaml v$yaml_version"
    return
  fi
  say "building pulumi-language-yaml v$yaml_version (with the pulumi/pkg version it requires)"
  mkdir -p "$work"
  printf 'module local/pulumi-language-yaml\n\ngo 1.25\n' > "$work/go.mod"
  rm -f "$work/go.sum"
  (cd "$work" && GOFLAGS=-mod=mod go get -tool "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml@v$yaml_version" >&2 &&
    GOFLAGS=-mod=mod go build -trimpath -tags "$tags" \
      -ldflags "-s -w -X github.com/pulumi/pulumi-yaml/pkg/version.Version=v$yaml_version" \
      -o "$bin/pulumi-language-yaml.tmp" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml)
  mv "$bin/pulumi-language-yaml.tmp" "$bin/pulumi-language-yaml"
  echo "$stamp" > "$bin/.pulumi-language-yaml.stamp"
}

started=$SECONDS
build_generator sdk-gen
build_generator sdk-gen-dotnet
build_yaml_host
say "done in $((SECONDS - started)) s"
echo "$bin"
