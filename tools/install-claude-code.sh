#!/usr/bin/env bash
# Installs the pinned Claude Code client (tools/claude-code/package-lock.json) into
# tools/claude-code/node_modules with `npm ci`, only when it is missing or another version.
# The launcher runs the platform package's native binary (lab/claude_client.py), so the
# package's postinstall step, which only copies that binary, is not run.
set -euo pipefail

dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/claude-code" && pwd)
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "error: tools/install-claude-code.sh needs node and npm (Debian: apt-get install nodejs npm)" >&2
  exit 1
fi
want=$(node -e 'process.stdout.write(require(process.argv[1]).dependencies["@anthropic-ai/claude-code"])' "$dir/package.json")
have=$(node -e 'try { process.stdout.write(require(process.argv[1]).version) } catch (e) {}' \
  "$dir/node_modules/@anthropic-ai/claude-code/package.json")
if [ "$have" = "$want" ] && compgen -G "$dir/node_modules/@anthropic-ai/claude-code-*/claude" >/dev/null; then
  exit 0
fi
echo "installing the Claude Code client $want into tools/claude-code/node_modules" >&2
cd "$dir"
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null
