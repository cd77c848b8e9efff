#!/usr/bin/env bash
# Installs the Debian packages the judge needs: the sandbox (bubblewrap), NATS, the compilers and interpreters of
# the language table (C/C++, Java, Python3, PyPy3, Go, Rust, Ruby, PHP, C# on Mono, Node), Chromium for the end-to-end
# tests, GNU time, PostgreSQL 15 (pg_dump and psql for backups; its server for the backup test). Node.js 20 itself is
# expected to be present.
set -euo pipefail
packages=(nats-server bubblewrap chromium fonts-wqy-microhei gcc g++ libc6-dev default-jdk-headless python3 pypy3 golang-go rustc ruby php-cli mono-mcs time util-linux procps libseccomp-dev postgresql-15)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi
echo "system packages: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
