#!/usr/bin/env bash
# A throwaway PostgreSQL server for the test suite.
#
#   eval "$(.ci/postgres.sh start)"   # starts one, prints export lines
#   .ci/postgres.sh stop [-q] [DIR]   # stops it and deletes its data
#
# start prints (on stdout, for eval) BATON_TEST_POSTGRES_URL, an admin URL
# such as postgres://postgres@127.0.0.1:55439/postgres?sslmode=disable, and
# BATON_TEST_PG_DIR, the server's folder, which stop reads (else DIR, else
# the last one started from this tree; -q: say only what went wrong). When
# BATON_TEST_POSTGRES_URL is already set, start uses that server and starts
# nothing. Messages go to stderr.
#
# The cluster lives in a fresh temp folder (/tmp/baton-pg.XXXXXX, or under
# BATON_PG_TMP), owned by a non-root user because PostgreSQL refuses to run
# as root: the "postgres" system user when it exists, else "baton-test",
# created here. It listens on 127.0.0.1 only, on the first free port from
# BATON_PG_PORT (default 55439), with its unix socket in its own folder and
# fsync off: fast, and nothing in it is meant to survive.
set -euo pipefail

say() { echo "postgres: $*" >&2; }
die() { say "$*"; exit 1; }

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
last_file="$repo/.cache/postgres-last"

# bin_dir prints the folder with initdb, pg_ctl and postgres: the newest
# Debian /usr/lib/postgresql/<ver>/bin, else wherever PATH's initdb points.
bin_dir() {
	local d
	for d in $(printf "%s\n" /usr/lib/postgresql/*/bin | sort -rV); do
		if [[ -x "$d/initdb" && -x "$d/pg_ctl" && -x "$d/postgres" ]]; then
			echo "$d"
			return 0
		fi
	done
	local initdb
	initdb="$(command -v initdb 2>/dev/null)" || return 1
	d="$(dirname "$(readlink -f "$initdb")")"
	[[ -x "$d/pg_ctl" && -x "$d/postgres" ]] || return 1
	echo "$d"
}

# as_owner DIR CMD… runs CMD as the owner of DIR (root switches to them).
as_owner() {
	local dir="$1"
	shift
	if [[ "$(id -u)" == 0 ]]; then
		(cd "$dir" && runuser -u "$(stat -c %U "$dir")" -- "$@")
	else
		(cd "$dir" && "$@")
	fi
}

# port_in_use PORT succeeds when something already listens on 127.0.0.1:PORT.
port_in_use() {
	(exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start() {
	if [[ -n "${BATON_TEST_POSTGRES_URL:-}" ]]; then
		say "BATON_TEST_POSTGRES_URL is set; using that server, starting none"
		printf 'export BATON_TEST_POSTGRES_URL=%q\n' "$BATON_TEST_POSTGRES_URL"
		return 0
	fi
	# bin and dir are global: the EXIT trap below reads them.
	bin="$(bin_dir)" || die "no PostgreSQL server binaries (initdb, pg_ctl, postgres); run .ci/deps.sh"

	local user=""
	if [[ "$(id -u)" == 0 ]]; then
		if id -u postgres >/dev/null 2>&1; then
			user=postgres
		else
			user=baton-test
			if ! id -u "$user" >/dev/null 2>&1; then
				say "creating system user $user to run PostgreSQL (it refuses to run as root)"
				useradd --system --user-group --no-create-home --home-dir /nonexistent \
					--shell /usr/sbin/nologin "$user"
			fi
		fi
	fi

	local base="${BATON_PG_TMP:-/tmp}"
	[[ "$(id -u)" == 0 ]] || base="${BATON_PG_TMP:-${TMPDIR:-/tmp}}"
	dir="$(mktemp -d "$base/baton-pg.XXXXXX")"
	# Until the server is up, a failure removes what was made.
	trap 'as_owner "$dir" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
	chmod 700 "$dir"
	[[ -z "$user" ]] || chown "$user:" "$dir"

	local locale=(--no-locale)
	if locale -a 2>/dev/null | grep -qix 'c\.utf-\?8'; then
		locale=(--locale=C.UTF-8)
	fi
	if ! as_owner "$dir" "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 "${locale[@]}" \
		--no-sync >"$dir/initdb.log" 2>&1; then
		cat "$dir/initdb.log" >&2
		die "initdb failed"
	fi
	cat >>"$dir/data/postgresql.conf" <<EOF

# Throwaway test server (.ci/postgres.sh)
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
EOF

	local port="${BATON_PG_PORT:-55439}" last=$((${BATON_PG_PORT:-55439} + 40)) started=""
	for (( ; port <= last; port++)); do
		port_in_use "$port" && continue
		if as_owner "$dir" "$bin/pg_ctl" -D "$dir/data" -o "-p $port" -l "$dir/server.log" \
			-w -t 60 start >/dev/null 2>&1; then
			started=1
			break
		fi
		# Lost a race for the port, or worse: say why and try the next one.
		tail -n 5 "$dir/server.log" >&2 2>/dev/null || true
	done
	[[ -n "$started" ]] || die "could not start PostgreSQL on any port from ${BATON_PG_PORT:-55439} to $last"

	if [[ -x "$bin/pg_isready" ]]; then
		local i
		for ((i = 0; i < 60; i++)); do
			"$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres && break
			sleep 0.5
		done
		"$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres || die "PostgreSQL on port $port is not ready"
	fi
	trap - EXIT

	mkdir -p "$(dirname "$last_file")"
	echo "$dir" >"$last_file"
	local url="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
	say "started $("$bin/postgres" --version | sed 's/^postgres (PostgreSQL) /PostgreSQL /') on 127.0.0.1:$port, data in $dir"
	say "BATON_TEST_POSTGRES_URL=$url"
	printf 'export BATON_TEST_POSTGRES_URL=%q\n' "$url"
	printf 'export BATON_TEST_PG_DIR=%q\n' "$dir"
}

stop() {
	local quiet=""
	if [[ "${1:-}" == -q ]]; then
		quiet=1
		shift
	fi
	info() { [[ -n "$quiet" ]] || say "$@"; }
	local dir="${1:-${BATON_TEST_PG_DIR:-}}"
	if [[ -z "$dir" && -f "$last_file" ]]; then
		dir="$(cat "$last_file")"
	fi
	if [[ -z "$dir" ]]; then
		info "nothing to stop"
		return 0
	fi
	# Only ever delete a folder this script made.
	[[ "$(basename "$dir")" == baton-pg.* ]] || die "refusing to remove $dir: not a .ci/postgres.sh folder"
	if [[ -d "$dir" ]]; then
		if [[ -f "$dir/data/postmaster.pid" ]]; then
			local bin pid
			pid="$(head -n 1 "$dir/data/postmaster.pid")"
			if bin="$(bin_dir)" && as_owner "$dir" "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null 2>&1; then
				info "stopped the server in $dir"
			elif [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then
				say "pg_ctl stop failed; killing postmaster $pid"
				kill -KILL "$pid" 2>/dev/null || true
				for _ in 1 2 3 4 5 6 7 8 9 10; do
					kill -0 "$pid" 2>/dev/null || break
					sleep 0.5
				done
			fi
		fi
		rm -rf "$dir" 2>/dev/null || { sleep 1; rm -rf "$dir"; }
		info "removed $dir"
	fi
	if [[ -f "$last_file" && "$(cat "$last_file")" == "$dir" ]]; then
		rm -f "$last_file"
	fi
}

case "${1:-}" in
start) start ;;
stop)
	shift
	stop "$@"
	;;
*)
	echo "usage: $0 start | stop [-q] [DIR]" >&2
	exit 2
	;;
esac
