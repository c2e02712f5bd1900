#!/usr/bin/env bash
# Installs what the browser tests need from Debian's packages when it is missing:
# Chromium (/usr/bin/chromium) and a Devanagari font so Hindi pages render.
# Needs root or sudo; does nothing when everything is present.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
dpkg -s fonts-lohit-deva >/dev/null 2>&1 || need+=(fonts-lohit-deva)
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
echo "Installing from Debian: ${need[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
/usr/bin/chromium --version
