#!/usr/bin/env bash
# Makes sure headless Chromium is available for the emulator dashboard's browser test
# (test/emulator/control/dashboard/dashboard-browser.test.ts): Debian's `chromium` package, installed with apt-get when missing.
# Idempotent: does nothing when the browser is already there. CHROMIUM_PATH names another binary (default
# /usr/bin/chromium, where the test looks for it).
set -euo pipefail

CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ -x "$CHROMIUM_PATH" ]; then
  echo "chromium: $("$CHROMIUM_PATH" --version 2>/dev/null || echo "$CHROMIUM_PATH")"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium: $CHROMIUM_PATH is missing and apt-get is not available: install Chromium and set CHROMIUM_PATH" >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "chromium: $CHROMIUM_PATH is missing; installing it needs root (run as root or install sudo)" >&2
    exit 1
  fi
  SUDO="sudo"
fi

echo "chromium: installing Debian's chromium package with apt-get"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-liberation

if [ ! -x "$CHROMIUM_PATH" ]; then
  echo "chromium: installed, but $CHROMIUM_PATH does not exist: set CHROMIUM_PATH to the browser's path" >&2
  exit 1
fi
echo "chromium: $("$CHROMIUM_PATH" --version 2>/dev/null || echo "$CHROMIUM_PATH")"
