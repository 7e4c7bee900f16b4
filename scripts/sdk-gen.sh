#!/usr/bin/env bash
# npm run sdk:gen: regenerates sdk-gen/go, sdk-gen/python, sdk-gen/dotnet and sdk-gen/nodejs from the plugin's
# schema, provider/plugin/schema.json, with the generators scripts/build-language-hosts.sh builds.
# Usage: bash scripts/sdk-gen.sh [OUT] (OUT defaults to sdk-gen/; the staleness test writes to a temp folder).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/sdk-gen}"
schema="$root/provider/plugin/schema.json"
[ -f "$schema" ] || { echo "sdk-gen: $schema is missing (npm run plugin:schema writes it)" >&2; exit 1; }

bin="$(bash "$root/scripts/build-language-hosts.sh" | tail -n 1)"
mkdir -p "$out"
for language in go python nodejs dotnet; do
  rm -rf "${out:?}/$language"
  if [ "$language" = dotnet ]; then
    "$bin/sdk-gen-dotnet" -schema "$schema" -out "$out/$language"
  else
    "$bin/sdk-gen" -schema "$schema" -language "$language" -out "$out/$language"
  fi
  echo "[sdk-gen] $out/$language" >&2
done
