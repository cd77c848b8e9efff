#!/usr/bin/env bash
# Installs the Debian packages the judge needs: the sandbox (bubblewrap), NATS, the compilers and interpreters of
# the language table (C/C++, Java, Python3, PyPy3, Go, Rust, Ruby, PHP, C# on Mono, Node), Chromium for the end-to-end
# tests, GNU time, PostgreSQL 15 (pg_dump and psql for backups; its server for the backup test). Node.js 20 itself is
# expected to be present.
#
# `install-system-packages.sh runner` installs only what a judge runner machine needs (the sandbox and the
# toolchains; deploy/Dockerfile's runner image uses it).
set -euo pipefail
runner_packages=(bubblewrap gcc g++ libc6-dev default-jdk-headless python3 pypy3 golang-go rustc ruby php-cli mono-mcs time util-linux procps libseccomp-dev)
if [ "${1:-all}" = runner ]; then
  packages=("${runner_packages[@]}")
else
  packages=(nats-server chromium fonts-wqy-microhei postgresql-15 "${runner_packages[@]}")
fi
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
