#!/bin/sh
# The read replica of compose.yaml: a base backup of the primary, then a streaming standby.
set -e
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h db -U postgres; do sleep 1; done
  PGPASSWORD="$POSTGRES_PASSWORD" pg_basebackup -h db -U postgres -D "$PGDATA" -R -X stream -P
  chmod 700 "$PGDATA"
fi
exec postgres -c hot_standby=on
