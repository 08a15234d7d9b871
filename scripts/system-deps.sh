#!/usr/bin/env bash
# System packages the test suite needs: Debian's chromium (browser tests), postgresql (the
# PostgreSQL persistence suite) and nginx (the reverse proxy of docs/deploying.md,
# tests/web/test_proxy.py). Installs them when missing and when run as root; otherwise says so and
# leaves those tests to skip.
set -u
missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "system-deps: missing ${missing[*]} (install them as root); their tests will be skipped" >&2
    exit 0
fi
echo "system-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || echo "system-deps: could not install ${missing[*]}; their tests will be skipped" >&2
exit 0
