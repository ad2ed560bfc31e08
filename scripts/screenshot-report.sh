#!/usr/bin/env bash
# Renders a report.html to a PNG with headless Chromium, to look at a report without a desktop.
# Not part of CI. Installs the Debian `chromium` package with apt-get if it is missing.
#
# usage: scripts/screenshot-report.sh REPORT.html [OUT.png] [WIDTHxHEIGHT]
#   OUT.png defaults to REPORT.png beside the report; the window defaults to 1280x2400.
set -euo pipefail

if [[ $# -lt 1 || "$1" == "--help" ]]; then
    echo "usage: $0 REPORT.html [OUT.png] [WIDTHxHEIGHT]" >&2
    exit 64
fi
report="$1"
if [[ ! -f "$report" ]]; then
    echo "screenshot-report: no such file: $report" >&2
    exit 66
fi
abs_report="$(cd "$(dirname "$report")" && pwd)/$(basename "$report")"
out="${2:-${abs_report%.html}.png}"
size="${3:-1280x2400}"
window="${size/x/,}"

browser=""
for candidate in chromium chromium-browser; do
    if command -v "$candidate" >/dev/null 2>&1; then browser="$candidate"; break; fi
done
if [[ -z "$browser" ]]; then
    sudo=""
    if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
    echo "screenshot-report: chromium not found; running: $sudo apt-get update && $sudo apt-get install -y chromium" >&2
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends chromium
    browser=chromium
fi

echo "screenshot-report: $browser --headless --disable-gpu --no-sandbox --screenshot=$out --window-size=$window file://$abs_report" >&2
"$browser" --headless --disable-gpu --no-sandbox --hide-scrollbars \
    --screenshot="$out" --window-size="$window" "file://$abs_report"
echo "$out"
