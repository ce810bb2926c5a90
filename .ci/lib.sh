# What the CI scripts share (.ci/run, the whole repository; .ci/area, one area): sourced, not run.
# Expects to be sourced from the repository's root with `set -euo pipefail` in force.
export DEBIAN_FRONTEND=noninteractive
apt_updated=""
apt_install() {
  [ -n "$apt_updated" ] || { apt-get update -qq; apt_updated=1; }
  apt-get install -y -qq "$@"
}
port_open() { (echo >"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Postgres on 5432 (the machine's cluster, started if it is not running); without one the test kit starts
# embedded Postgres. Exports DATABASE_URL when there is one.
start_postgres() {
  echo "== Postgres"
  if ! port_open 5432; then
    if [ -d /etc/postgresql ]; then
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
    else
      echo "no local Postgres: the test kit starts embedded Postgres instead"
    fi
  fi
  if port_open 5432; then export DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres"; fi
}

# NATS with JetStream on 4222, and the nats-server binary: tests also start private nats-server processes
# (broker outage scenarios). Exports NATS_URL.
start_nats() {
  echo "== NATS"
  [ -x /usr/sbin/nats-server ] || apt_install nats-server
  if ! port_open 4222; then
    start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
      -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
    for _ in $(seq 1 50); do port_open 4222 && break; sleep 0.1; done
  fi
  export NATS_URL="nats://127.0.0.1:4222"
}

# Chromium for the browser tests, when a package.json under the given folders uses playwright-core.
ensure_chromium() {
  echo "== Chromium"
  if grep -rqs --include=package.json --exclude-dir=node_modules '"playwright-core"' "$@"; then
    # The headless shell: Chromium's headless build, about half the CPU of the full browser (test-kit's
    # chromiumPath); the full one for what the shell lacks (the Push API).
    [ -x /usr/bin/chromium-headless-shell ] || apt_install chromium-headless-shell
    [ -x /usr/bin/chromium ] || apt_install chromium
  else
    echo "no browser tests here"
  fi
}
