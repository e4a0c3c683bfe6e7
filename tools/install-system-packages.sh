#!/usr/bin/env bash
# Installs the Debian packages the laboratory needs, only when they are missing.
# Each entry is "command-that-proves-presence:debian-package"; an absolute path
# is proved by that very file (the portal's browser tests drive /usr/bin/chromium
# by path, so another chromium on PATH would not do).
set -euo pipefail

needs=(
  "soffice:libreoffice-calc-nogui"
  "soffice:libreoffice-writer-nogui"
  # the shared long-lived LibreOffice is driven through UNO by Debian's /usr/bin/python3
  "uno:python3-uno"
  "pdftotext:poppler-utils"
  "pdftoppm:poppler-utils"
  "/usr/bin/chromium:chromium"
  # the SSH transport's tests start a real sshd on 127.0.0.1 and connect with the client
  "/usr/sbin/sshd:openssh-server"
  "ssh:openssh-client"
  "ssh-keygen:openssh-client"
  # arm A3's workers reach the portal with curl; a test follows portal.json's curl recipe
  "curl:curl"
  # the local transport walls each worker session in a bubblewrap sandbox (lab/sandbox.py)
  "bwrap:bubblewrap"
  # the manuscript PDF of `snakemake paper`: pdfLaTeX and latexmk, plus booktabs and the other
  # packages of texlive-latex-recommended (a .sty is proved by kpsewhich, it has no command)
  "pdflatex:texlive-latex-base"
  "latexmk:latexmk"
  "booktabs.sty:texlive-latex-recommended"
  # `make cluster-test` runs the pipeline on a real single-node SLURM (tools/slurm-single-node.sh):
  # slurmctld and slurmd with their client commands, and munge for their authentication
  "slurmctld:slurm-wlm"
  "slurmd:slurm-wlm"
  "sbatch:slurm-wlm"
  "munged:munge"
)

missing=()
for entry in "${needs[@]}"; do
  cmd=${entry%%:*}
  pkg=${entry#*:}
  if [ "$pkg" = "libreoffice-writer-nogui" ] || [ "$pkg" = "python3-uno" ]; then
    # Writer is needed to render .docx pages for inspection; soffice alone does not prove it.
    # python3-uno is a module of /usr/bin/python3, which no command proves.
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  elif [ "${cmd%.sty}" != "$cmd" ]; then
    kpsewhich "$cmd" >/dev/null 2>&1 || missing+=("$pkg")
  elif [ "${cmd#/}" != "$cmd" ]; then
    [ -x "$cmd" ] || missing+=("$pkg")
  elif ! command -v "$cmd" >/dev/null 2>&1; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

# shellcheck disable=SC2207
missing=($(printf '%s\n' "${missing[@]}" | sort -u))
echo "installing Debian packages: ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "error: missing Debian packages (${missing[*]}) and not root; install them with apt-get" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
