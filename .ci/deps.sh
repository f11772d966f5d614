#!/usr/bin/env bash
# Installs what the test suite needs, only when it is missing:
#   - Chromium for the end-to-end tests (Debian package chromium),
#   - PostgreSQL server binaries for the store tests (Debian package postgresql).
# Safe to run again: it installs nothing when everything is there.
set -euo pipefail

say() { echo "deps: $*" >&2; }

chromium="${BATON_CHROMIUM:-/usr/bin/chromium}"

# find_initdb prints the newest Debian PostgreSQL initdb, or one on PATH.
find_initdb() {
	local d
	for d in $(printf "%s\n" /usr/lib/postgresql/*/bin | sort -rV); do
		if [[ -x "$d/initdb" && -x "$d/pg_ctl" && -x "$d/postgres" ]]; then
			echo "$d/initdb"
			return 0
		fi
	done
	command -v initdb 2>/dev/null
}

if ! command -v go >/dev/null 2>&1; then
	say "go is not on PATH; install Go $(sed -n 's/^go //p' go.mod 2>/dev/null || echo 1.26) first"
	exit 1
fi

missing=()
if [[ -x "$chromium" ]]; then
	say "chromium: $chromium"
else
	missing+=(chromium)
fi
if initdb="$(find_initdb)"; then
	say "postgresql: $(dirname "$initdb")"
else
	missing+=(postgresql)
fi

if ((${#missing[@]} == 0)); then
	exit 0
fi

say "installing ${missing[*]} (Debian packages)"
sudo=()
if [[ "$(id -u)" != 0 ]]; then
	if command -v sudo >/dev/null 2>&1; then
		sudo=(sudo)
	else
		say "not root and no sudo: install these Debian packages yourself: ${missing[*]}"
		exit 1
	fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
	apt-get install -y -q --no-install-recommends "${missing[@]}"

# Check the result, so a failed install says so here and not in a test.
if [[ " ${missing[*]} " == *" chromium "* ]] && [[ ! -x "$chromium" ]]; then
	say "chromium was installed but $chromium does not exist; set BATON_CHROMIUM"
	exit 1
fi
if ! initdb="$(find_initdb)"; then
	say "postgresql was installed but no initdb was found under /usr/lib/postgresql/*/bin"
	exit 1
fi
say "ready: chromium $chromium, postgresql $(dirname "$initdb")"
