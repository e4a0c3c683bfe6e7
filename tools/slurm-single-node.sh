#!/usr/bin/env bash
# A real single-node SLURM on this machine, for the cluster tests.
#
#   tools/slurm-single-node.sh start DIR [CPUS]
#                                          write DIR/slurm.conf, start munged, slurmctld and slurmd,
#                                          wait until the node is idle; prints SLURM_CONF=DIR/slurm.conf.
#                                          The node offers CPUS (default: this machine's): a test whose
#                                          jobs mostly wait may offer more, so that they wait side by side
#   tools/slurm-single-node.sh stop DIR    cancel every job, stop the three daemons and wait until they are gone
#
# Everything lives in DIR (keep its path short: munge's socket is a Unix socket): its own munge key
# and socket, the controller's state, the node's spool, the logs and the pid files, on free ports of
# 127.0.0.1; nothing is written under /etc. Client commands on the submitting side find the cluster
# through SLURM_CONF. Inside a job they find it at /run/slurm/conf/slurm.conf, a link to DIR, as
# on a configless cluster, where slurmd links its cached configuration there: the SLURM executor
# plugin's job step clears every SLURM_* variable but the job's identity before it calls srun.
# stop removes that link when it is this cluster's. No slurmdbd runs: accounting storage is `none` (22.05 has no text-file
# accounting storage any more), so `sacct` cannot answer; the executor plugin is told to ask
# `squeue`, which shows finished jobs for MinJobAge seconds (one hour here). Finished jobs are also
# written to DIR/jobcomp.txt. Needs root (slurmd runs jobs as their submitter) and the Debian
# packages slurm-wlm and munge (tools/install-system-packages.sh).
set -euo pipefail

usage() { echo "usage: $0 start DIR [CPUS] | stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || { [ $# -eq 3 ] && [ "$1" = start ]; } || usage
action=$1
dir=$2
cpus=${3:-$(nproc)}
case "$cpus" in ''|*[!0-9]*|0) echo "error: CPUS must be a positive number of CPUs, not '$cpus'" >&2; exit 2 ;; esac

pid_of() { [ -s "$1" ] && cat "$1" || true; }

alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }

stop_pid() {  # stop_pid PIDFILE: TERM, wait up to 20 s, then KILL
  local pid
  pid=$(pid_of "$1")
  alive "$pid" || { rm -f "$1"; return 0; }
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 200); do alive "$pid" || break; sleep 0.1; done
  alive "$pid" && kill -KILL "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do alive "$pid" || break; sleep 0.1; done
  rm -f "$1"
}

stop() {
  [ -d "$dir" ] || return 0
  if [ -f "$dir/slurm.conf" ] && alive "$(pid_of "$dir/slurmctld.pid")"; then
    SLURM_CONF="$dir/slurm.conf" timeout 10 scancel --full --quiet --user "$(id -un)" 2>/dev/null || true
  fi
  stop_pid "$dir/slurmd.pid"
  stop_pid "$dir/slurmctld.pid"
  stop_pid "$dir/munged.pid"
  if [ -L /run/slurm/conf ] && [ "$(readlink /run/slurm/conf)" = "$(cd "$dir" && pwd)" ]; then
    rm -f /run/slurm/conf
  fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

fail() {
  echo "error: $1" >&2
  for log in munged slurmctld slurmd; do
    [ -s "$dir/$log.log" ] && { echo "--- $dir/$log.log (last lines)" >&2; tail -n 15 "$dir/$log.log" >&2; }
  done
  stop
  exit 1
}

start() {
  for cmd in munged mungekey slurmctld slurmd sinfo; do
    command -v "$cmd" >/dev/null 2>&1 || { echo "error: $cmd not found; run tools/install-system-packages.sh" >&2; exit 1; }
  done
  [ "$(id -u)" -eq 0 ] || { echo "error: a SLURM node runs its jobs as their user: start it as root" >&2; exit 1; }
  if [ -e /run/slurm/conf ] && ! [ -L /run/slurm/conf ]; then
    echo "error: /run/slurm/conf is not a link: another SLURM node runs on this machine" >&2; exit 1
  fi
  if [ -L /run/slurm/conf ] && alive "$(pid_of "$(readlink /run/slurm/conf)/slurmctld.pid")"; then
    echo "error: another single-node SLURM runs on this machine ($(readlink /run/slurm/conf)); stop it first" >&2; exit 1
  fi
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  trap 'stop; exit 130' INT TERM  # interrupted while starting: nothing is left running
  chmod 755 "$dir"  # munged wants its socket reachable
  mkdir -p "$dir/state" "$dir/spool"
  local host mem ctld_port slurmd_port
  host=$(hostname -s)
  # the node offers what it has, less 2 GiB for the controller itself
  mem=$(awk '/^MemTotal:/ { m = int($2 / 1024) - 2048; print (m > 1024 ? m : 1024) }' /proc/meminfo)
  ctld_port=$(free_port)
  slurmd_port=$(free_port)
  while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done
  cat > "$dir/slurm.conf" <<EOF
# Written by tools/slurm-single-node.sh: one node, one partition, no accounting database.
ClusterName=whitecollar
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmdParameters=config_overrides
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobcomp.txt
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
DefMemPerCPU=1000
MinJobAge=3600
ReturnToService=2
MpiDefault=none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=compute Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  mungekey --create --keyfile="$dir/munge.key" --force 2>/dev/null
  chmod 600 "$dir/munge.key"
  munged --force --socket="$dir/munge.socket" --key-file="$dir/munge.key" --pid-file="$dir/munged.pid" \
    --log-file="$dir/munged.log" --seed-file="$dir/munged.seed" || fail "munged did not start"
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -f "$dir/slurm.conf" -i || fail "slurmctld did not start"
  mkdir -p /run/slurm
  ln -sfn "$dir" /run/slurm/conf  # replaces a link left by a cluster that was never stopped
  slurmd -f "$dir/slurm.conf" -N "$host" || fail "slurmd did not start"
  local state=""
  for _ in $(seq 1 120); do
    state=$(sinfo --noheader --nodes "$host" --format %t 2>/dev/null | tr -d ' *' || true)
    [ "$state" = "idle" ] && break
    sleep 0.5
  done
  [ "$state" = "idle" ] || fail "node $host did not become idle within 60 s (state: ${state:-none})"
  trap - INT TERM
  echo "SLURM_CONF=$dir/slurm.conf"
}

case "$action" in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
