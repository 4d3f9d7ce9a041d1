#!/bin/sh
# A self-signed certificate for trying the recipe on one machine
# (https://localhost; the browser warns until you trust it). For a real site,
# put your domain's certificate and key at deploy/certs/site.crt and site.key.
#   ./deploy/self-signed-cert.sh [host name, default localhost]
set -eu
host="${1:-localhost}"
dir="${CERT_DIR:-$(dirname "$0")/certs}"
mkdir -p "$dir"
openssl req -x509 -newkey rsa:2048 -nodes -days 365 \
  -subj "/CN=${host}" -addext "subjectAltName=DNS:${host}" \
  -keyout "$dir/site.key" -out "$dir/site.crt" 2>/dev/null
# Read by nginx's master process (root in the container); nobody else needs the key.
chmod 600 "$dir/site.key"
echo "Wrote $dir/site.crt and $dir/site.key for ${host}"
