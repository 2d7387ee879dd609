#!/usr/bin/env bash
# Makes one fixture of the upgrade test (api/test/integration/upgrade.int-spec.ts): builds a landed
# release in a temporary worktree, lets that release create and fill a database on server
# PostgreSQL (migrate, a user, a small seeded register), and dumps schema and data as plain SQL
# with INSERTs (replayable through any connection, PGlite included) to
# api/test/fixtures/releases/<commit>.sql.gz.
#
# Usage: api/scripts/release-dump.sh <commit> [companies]
# Needs git, npm, psql, pg_dump and a PostgreSQL at PGHOST/PGPORT (default 127.0.0.1:5432, user
# postgres). A release that changes the schema adds its own dump: run this on its commit once it
# has landed, commit the .sql.gz, and add the commit to RELEASES in the upgrade test.
set -euo pipefail
commit=$(git rev-parse --short=7 "${1:?usage: release-dump.sh <commit> [companies]}")
companies=${2:-40}
repo=$(git rev-parse --show-toplevel)
out="$repo/api/test/fixtures/releases/$commit.sql.gz"
work=$(mktemp -d)
db="credence_release_$commit"
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
trap 'git -C "$repo" worktree remove --force "$work/tree" >/dev/null 2>&1 || true; rm -rf "$work"; dropdb --if-exists "$db" >/dev/null 2>&1 || true' EXIT

git -C "$repo" worktree add --detach "$work/tree" "$commit" >/dev/null
cd "$work/tree"
echo "== $commit: install and build shared + api" >&2
npm ci --no-audit --no-fund --ignore-scripts >/dev/null
npm run build -w @credence/shared >/dev/null
npm run build -w @credence/api >/dev/null

dropdb --if-exists "$db"
createdb "$db"
export DATABASE_URL="postgres://$PGUSER@$PGHOST:$PGPORT/$db" DATA_DIR="$work/data" SAMPLE_COMPANIES=0
admin() { node api/bin/credence-admin.js "$@"; }
echo "== $commit: migrate, users, seed $companies companies" >&2
admin migrate
admin user create --email analyst@example.com --password "release dump passphrase one" \
  --name "Ada Analyst" --company "Example Credit" --role analyst --verified --approved
admin user create --email ops@example.com --password "release dump passphrase two" \
  --name "Olu Ops" --company "Example Credit" --role ops --verified --approved
admin seed --companies "$companies" --seed 7

mkdir -p "$(dirname "$out")"
pg_dump --inserts --rows-per-insert=200 --no-owner --no-privileges --no-comments "$db" | gzip -9n > "$out"
echo "== wrote $out ($(du -h "$out" | cut -f1))" >&2
