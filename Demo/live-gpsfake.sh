#!/usr/bin/env bash
# The live path without a receiver: gpsfake (from gpsd-clients) serves an NMEA log through
# a real gpsd on a free loopback port, and `strider run` records it as it would a USB GPS.
#
#   Demo/live-gpsfake.sh [LOG] [strider run options...]
#
# LOG defaults to Demo/park-run.nmea (a simulated 6 km run with GPS faults, made with
# `strider simulate --format nmea --lead-in 120`). Options after it go to `strider run`
# (default: --headless). gpsfake plays the log at about 60 epochs a second; stop early with
# Ctrl-C. Needs: apt-get install gpsd gpsd-clients.
set -euo pipefail
cd "$(dirname "$0")/.."
log=${1:-Demo/park-run.nmea}
shift || true
options=("$@")
[ ${#options[@]} -eq 0 ] && options=(--headless)
command -v gpsfake > /dev/null || { echo "gpsfake not found: apt-get install gpsd gpsd-clients" >&2; exit 1; }
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
swift build -q
# strider first: it reconnects until gpsd is up (gpsfake starts feeding on the first client).
.build/debug/strider run --gpsd "127.0.0.1:$port" "${options[@]}" &
strider=$!
gpsfake -q -1 -c 0.004 -W 2 -P "$port" "$log" &
fake=$!
trap 'kill "$fake" 2> /dev/null || true' EXIT
wait "$fake" || true
sleep 1.5
kill -TERM "$strider" 2> /dev/null || true
wait "$strider"
