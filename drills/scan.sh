#!/usr/bin/env bash
# Security scan drill, run by hand (not in CI): sqlmap against the parameterised API calls and wapiti over the
# site, both against the built server on a fresh database. Prints a summary per tool; exits 1 on any finding
# (an injection point, a wapiti vulnerability, or a 5xx answer to hostile input), 2 when it could not run.
#
#   bash drills/scan.sh                      # embedded PGlite in a temporary DATA_DIR
#   SCAN_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres bash drills/scan.sh
#                                            # a fresh database on that PostgreSQL server, dropped at the end
#
# Needs the Debian packages sqlmap and wapiti (apt-get install -y sqlmap wapiti). Other settings:
#   SCAN_SQLMAP_SECONDS  time bound of each sqlmap target (default 150)
#   SCAN_WAPITI_SECONDS  wapiti's --max-scan-time (default 300)
#   SCAN_KEEP=1          keep the work directory (server log, sqlmap output, wapiti report) for reading
#
# Rate limits: the server runs with TRUST_PROXY=true, as behind a reverse proxy, and sqlmap sends a random
# X-Forwarded-For with every request (tamper script xforwardedfor), so the per-address limits (login, register,
# password mail) see thousands of clients and let the payloads through. Per-account limits stay: votes (30 a
# minute), submissions (10/20 a day) and the posting interval of members answer 429 once spent, which the
# summary counts. Comments are posted by a moderator, who has no posting interval.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SQLMAP_SECONDS="${SCAN_SQLMAP_SECONDS:-150}"
WAPITI_SECONDS="${SCAN_WAPITI_SECONDS:-300}"
PASSWORD='Scan-drill-Passw0rd'

for tool in sqlmap wapiti curl python3; do
  if ! command -v "$tool" >/dev/null; then
    echo "scan: $tool is not installed (apt-get install -y sqlmap wapiti curl python3)" >&2
    exit 2
  fi
done

WORK="$(mktemp -d /tmp/certitude-scan.XXXXXX)"
SERVER_PID=''
DB_NAME=''
cleanup() {
  local code=$?
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ -n "$DB_NAME" ]]; then
    SCAN_DB_NAME="$DB_NAME" node -e "$PG_ADMIN" drop >/dev/null 2>&1 || true
  fi
  if [[ "${SCAN_KEEP:-}" == 1 ]]; then echo "scan: work directory kept: $WORK"; else rm -rf "$WORK"; fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Creates or drops the scan's database on the server of SCAN_DATABASE_URL (node-postgres, a dependency already).
PG_ADMIN='
const pg = require("pg");
const client = new pg.Client({ connectionString: process.env.SCAN_DATABASE_URL });
const name = process.env.SCAN_DB_NAME;
(async () => {
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  if (process.argv[1] === "create") await client.query(`create database ${name}`);
  await client.end();
})().catch((e) => { console.error(e.message); process.exit(1); });
'

# --- build, database, members ---------------------------------------------------------------------------------
if ! node -e 'import("./scripts/build-state.mjs").then((m) => process.exit(m.buildNeeded() ? 1 : 0))'; then
  echo "scan: building..."
  npm run build --silent >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; exit 2; }
fi

export DATA_DIR="$WORK/data" LOG_LEVEL=warn
DB_LABEL='PGlite (embedded)'
if [[ -n "${SCAN_DATABASE_URL:-}" ]]; then
  DB_NAME="certitude_scan_$$"
  SCAN_DB_NAME="$DB_NAME" node -e "$PG_ADMIN" create
  DATABASE_URL="$(python3 -c 'import sys,urllib.parse as u; p=u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/"+sys.argv[2])))' "$SCAN_DATABASE_URL" "$DB_NAME")"
  export DATABASE_URL JWT_SECRET="scan-drill-$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')"
  DB_LABEL="PostgreSQL (fresh database $DB_NAME)"
fi

# PGlite admits one process at a time: the members are made before the server opens the database.
for member in scan_member:USER scan_mod:MODERATOR scan_admin:ADMIN; do
  printf '%s\n' "$PASSWORD" | node apps/server/dist/cli.js user:create \
    --username "${member%%:*}" --email "${member%%:*}@example.com" --role "${member##*:}" >/dev/null
done

PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
URL="http://127.0.0.1:$PORT"
# LOG_LEVEL=info: the request log is what the summary counts (requests and answers per tool).
PORT="$PORT" HOST=127.0.0.1 PUBLIC_URL="$URL" LOG_LEVEL=info TRUST_PROXY=true MAIL_WORKER_INTERVAL_MS=0 \
  node apps/server/dist/server.js >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 600); do
  curl -fsS "$URL/readyz" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; exit 2; }
  sleep 0.1
done
curl -fsS "$URL/readyz" >/dev/null || { echo "scan: the server did not become ready" >&2; exit 2; }

json() { python3 -c "import sys,json; d=json.load(sys.stdin); print($1)"; }
# A fresh access token (they live 5 minutes), asked from an address of its own so that the scan's failed
# logins never lock the drill out.
login() {
  curl -fsS -H 'content-type: application/json' -H "X-Forwarded-For: 10.99.$((RANDOM % 250)).$((RANDOM % 250))" -d "{\"username\":\"$1\",\"password\":\"$PASSWORD\"}" \
    "$URL/auth/login" | json 'd["token"]'
}
MOD_TOKEN="$(login scan_mod)"
CERT_ID="$(curl -fsS "$URL/api/certification" | json 'd[0]["id"]')"
CERT_SLUG="$(curl -fsS "$URL/api/certification" | json 'd[0]["slug"]')"
ARTICLE_SLUG="$(curl -fsS "$URL/api/articles" | json 'd[0]["slug"]')"
COMMENT_ID="$(curl -fsS -H "authorization: Bearer $MOD_TOKEN" -H 'content-type: application/json' \
  -d '{"content":"Scan drill: the comment replies are posted under."}' \
  "$URL/api/certification/$CERT_ID/comments" | json 'd["id"]')"

echo "Certitude security scan: $URL, database $DB_LABEL"
echo "  $(sqlmap --version 2>/dev/null | head -n1 | sed 's/^/sqlmap /'), $(wapiti --version 2>&1 | grep -Eo '[0-9]+\.[0-9]+\.[0-9]+' | head -n1 | sed 's/^/wapiti /')"
echo "  catalogue: certification $CERT_ID ($CERT_SLUG), article $ARTICLE_SLUG"

# The answers the server logged since line $1 of its log: how many, and how many of each status.
answers_since() {
  python3 - "$WORK/server.log" "$1" <<'PY'
import collections, json, sys
path, start = sys.argv[1], int(sys.argv[2])
codes = collections.Counter()
with open(path, encoding="utf-8", errors="replace") as f:
    for i, line in enumerate(f):
        if i < start or '"request completed"' not in line:
            continue
        try:
            codes[json.loads(line)["res"]["statusCode"]] += 1
        except (ValueError, KeyError):
            pass
total = sum(codes.values())
print(total, sum(n for c, n in codes.items() if c >= 500), " ".join(f"{c}:{n}" for c, n in sorted(codes.items())))
PY
}
log_lines() { wc -l <"$WORK/server.log"; }

FINDINGS=0
SQLMAP_REQUESTS=0
SQLMAP_5XX=0
SQLMAP_ROWS=()

# --- sqlmap ----------------------------------------------------------------------------------------------------
# One run per call. PGlite is PostgreSQL, so the payloads are PostgreSQL's; level 3 / risk 2 adds the heavier
# boundaries and the OR-based tests; every technique (boolean, error, union, stacked, time) is tried.
SQLMAP_COMMON=(
  --batch --level 3 --risk 2 --dbms PostgreSQL --technique BEUST --time-sec 2 --timeout 10 --retries 1
  --threads 4 --flush-session --disable-coloring --tamper xforwardedfor --output-dir "$WORK/sqlmap"
)
sqlmap_target() {
  local label="$1"
  shift
  local before out status rc
  before="$(log_lines)"
  out="$WORK/sqlmap-$(echo "$label" | tr -c 'A-Za-z0-9' '_').txt"
  set +e
  timeout --foreground "$SQLMAP_SECONDS" sqlmap "${SQLMAP_COMMON[@]}" "$@" >"$out" 2>&1
  rc=$?
  set -e
  read -r total fivexx codes <<<"$(answers_since "$before")"
  SQLMAP_REQUESTS=$((SQLMAP_REQUESTS + total))
  SQLMAP_5XX=$((SQLMAP_5XX + fivexx))
  if grep -q 'identified the following injection point' "$out"; then
    status='INJECTABLE'
    FINDINGS=$((FINDINGS + 1))
  elif [[ $rc -eq 124 ]]; then
    status="time bound (${SQLMAP_SECONDS}s), nothing found"
  elif grep -qE 'do(es)? not (seem|appear) to be injectable' "$out"; then
    status='not injectable'
  else
    status="sqlmap exit $rc: $(grep -E '\[(CRITICAL|ERROR)\]' "$out" | tail -n1 | cut -c1-100)"
  fi
  if ((fivexx > 0)); then
    status="$status; $fivexx answers 5xx"
    FINDINGS=$((FINDINGS + 1))
  fi
  SQLMAP_ROWS+=("$(printf '  %-62s %6s requests  %-34s %s' "$label" "$total" "[$codes]" "$status")")
  echo "${SQLMAP_ROWS[-1]}"
}

echo
echo "sqlmap (level 3, risk 2, PostgreSQL payloads, techniques BEUST, ${SQLMAP_SECONDS}s per call):"
sqlmap_target 'GET /api/certification?q=' -u "$URL/api/certification?q=aws"
sqlmap_target 'GET /api/certification/{id}' -u "$URL/api/certification/${CERT_SLUG}*"
sqlmap_target 'GET /api/certification/{id}/comments' -u "$URL/api/certification/${CERT_ID}*/comments"
sqlmap_target 'GET /api/resource/certification/{id}' -u "$URL/api/resource/certification/${CERT_ID}*"
sqlmap_target 'GET /api/articles/{slug}' -u "$URL/api/articles/${ARTICLE_SLUG}*"
sqlmap_target 'GET /api/vote/certification/{id}/status' -u "$URL/api/vote/certification/${CERT_ID}*/status" \
  -H "Authorization: Bearer $(login scan_member)"
sqlmap_target 'POST /api/vote/certification/{id}/upvote' -u "$URL/api/vote/certification/${CERT_ID}*/upvote" \
  --data '{}' -H 'Content-Type: application/json' -H "Authorization: Bearer $(login scan_member)"
sqlmap_target 'POST /auth/login {username,password}' -u "$URL/auth/login" \
  --data '{"username":"scan_probe","password":"Wrong-passw0rd"}' --ignore-code 401
sqlmap_target 'POST /api/certification/{id}/comments {content,parentCommentId}' \
  -u "$URL/api/certification/$CERT_ID/comments" \
  --data "{\"content\":\"Scan drill reply\",\"parentCommentId\":$COMMENT_ID}" \
  -H "Authorization: Bearer $(login scan_mod)"
sqlmap_target 'POST /api/certification {name,...}' -u "$URL/api/certification" \
  --data '{"name":"Scan Drill Cert","certCode":"SCAN-1","vendor":"Scan","description":"Scan drill","url":"https://example.com/scan"}' \
  -H "Authorization: Bearer $(login scan_member)"
sqlmap_target 'GET /api/admin/users?q=' -u "$URL/api/admin/users?q=scan" -H "Authorization: Bearer $(login scan_admin)"
sqlmap_target 'GET /auth/validate-reset-token?token=' -u "$URL/auth/validate-reset-token?token=abc"
SQLMAP_FINDINGS=$FINDINGS

# --- wapiti ----------------------------------------------------------------------------------------------------
# Crawls the server-rendered pages from / and attacks every GET parameter and form it finds, plus the start
# URLs below that a crawler cannot reach by links (query parameters the client reads, API searches).
# Accept-Encoding: wapiti asks for brotli, which the server sends, but Debian's wapiti cannot decode it without
# python3-brotli: it would see no links and no reflections at all. Depth 2 and 10 files per directory: the 150
# certification pages are one template without parameters.
echo
echo "wapiti (modules xss, permanentxss, sql, crlf, redirect; scope folder; max ${WAPITI_SECONDS}s):"
before="$(log_lines)"
set +e
wapiti -u "$URL/" --scope folder -m xss,permanentxss,sql,crlf,redirect -d 2 --max-links-per-page 40 \
  --max-files-per-dir 10 -H 'Accept-Encoding: gzip, deflate' --max-scan-time "$WAPITI_SECONDS" --max-attack-time 120 -t 10 --flush-session \
  --store-session "$WORK/wapiti-session" --store-config "$WORK/wapiti-config" --no-bugreport -v 1 \
  -f json -o "$WORK/wapiti.json" \
  -s "$URL/?q=aws" \
  -s "$URL/api/certification?q=aws" \
  -s "$URL/certification/$CERT_SLUG" \
  -s "$URL/articles/$ARTICLE_SLUG" \
  -s "$URL/reset-password?token=abc" \
  -s "$URL/verify-email?token=abc" \
  -s "$URL/auth/callback?token=a&refreshToken=b&provider=github" \
  -s "$URL/auth/callback?error=denied&provider=google" \
  -s "$URL/auth/validate-reset-token?token=abc" \
  -s "$URL/auth/oauth/github" \
  >"$WORK/wapiti.txt" 2>&1
wapiti_rc=$?
set -e
read -r w_total w_5xx w_codes <<<"$(answers_since "$before")"
if [[ ! -s "$WORK/wapiti.json" ]]; then
  echo "  wapiti wrote no report (exit $wapiti_rc):"
  tail -n 20 "$WORK/wapiti.txt"
  exit 2
fi
WAPITI_SUMMARY="$(
  python3 - "$WORK/wapiti.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
vulns = {k: v for k, v in r.get("vulnerabilities", {}).items() if v}
anomalies = {k: v for k, v in r.get("anomalies", {}).items() if v}
print(sum(len(v) for v in vulns.values()), sum(len(v) for v in anomalies.values()))
for kind, items in list(vulns.items()) + list(anomalies.items()):
    for it in items:
        print(f"    {kind}: {it.get('method', '')} {it.get('path', '')} {it.get('parameter', '')} -- {it.get('info', '')[:120]}")
PY
)"
read -r w_vulns w_anomalies <<<"$(head -n1 <<<"$WAPITI_SUMMARY")"
echo "  $w_total requests [$w_codes]; $w_vulns vulnerabilities, $w_anomalies anomalies; wapiti exit $wapiti_rc"
tail -n +2 <<<"$WAPITI_SUMMARY"
FINDINGS=$((FINDINGS + w_vulns + w_anomalies))
if ((w_5xx > 0)); then FINDINGS=$((FINDINGS + 1)); fi

# --- summary ---------------------------------------------------------------------------------------------------
echo
echo "Summary"
echo "  sqlmap: ${#SQLMAP_ROWS[@]} calls, $SQLMAP_REQUESTS requests, $SQLMAP_5XX answers 5xx, $SQLMAP_FINDINGS findings"
echo "  wapiti: $w_total requests, $w_5xx answers 5xx, $w_vulns vulnerabilities, $w_anomalies anomalies"
if ((FINDINGS > 0)); then
  echo "  FINDINGS: $FINDINGS (details in the lines above; SCAN_KEEP=1 keeps the logs)"
  exit 1
fi
echo "  no findings"
