-- Where subscribers may read domain events up to: below every transaction that may still record
-- one in THIS database. pg_snapshot_xmin(pg_current_snapshot()) is cluster-wide, so a long write
-- transaction in another database of the same server (a migration, a batch job, another app)
-- used to hold every subscriber back. An xid of the snapshot is left out only when
-- pg_stat_activity shows it belongs to a backend in another database: that is a permanent fact
-- about that xid, so a stale statistics snapshot can only make the horizon lower (later), never
-- skip an event. Whatever cannot be placed (no privilege to see other sessions, a background
-- worker without a database) counts as ours. STABLE: it sees the calling statement's snapshot,
-- the same one the statement reads domain_events with.
create or replace function domain_events_horizon() returns xid8
language sql stable as $$
  select coalesce(
    (select min(x) from pg_snapshot_xip(s.snap) as x
      where not exists (
        select 1 from pg_stat_activity a
        where a.backend_xid is not null
          and a.datname <> current_database()
          and a.backend_xid::text::bigint = (x::text::bigint % 4294967296)
      )),
    pg_snapshot_xmax(s.snap))
  from (select pg_current_snapshot() as snap) s
$$;
