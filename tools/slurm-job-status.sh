#!/usr/bin/env bash
# The status command of profiles/cluster-generic: prints running, success or failed for one SLURM
# job id, as snakemake-executor-plugin-cluster-generic expects. Asks sacct when the cluster keeps
# accounting, else squeue (which shows a finished job for MinJobAge seconds).
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: $0 JOBID" >&2; exit 2; }
id=${1%%;*}
state=$(sacct -j "$id" -X --noheader --parsable2 --format=State 2>/dev/null | head -n 1)
[ -n "$state" ] || state=$(squeue -j "$id" --states=all --noheader --format=%T 2>/dev/null | head -n 1)
state=${state%% *}
case "$state" in
  COMPLETED) echo success ;;
  PENDING|CONFIGURING|RUNNING|COMPLETING|SUSPENDED|REQUEUED|REQUEUE_HOLD|REQUEUE_FED|RESIZING|STAGE_OUT|SIGNALING|PREEMPTED)
    echo running ;;
  "") echo "SLURM knows no job $id (neither sacct nor squeue)" >&2; echo failed ;;
  *) echo failed ;;
esac
