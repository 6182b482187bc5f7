/**
 * The voting monitor's figures of live contests (the Contest Management page), from the votes and
 * their voters' accounts: votes in the last 10 and 60 minutes, paid and new-account votes, unique
 * voters and the share of the top voters. Counts are of votes cast (a paid call of 5 votes is 5),
 * active votes only (refunded or removed ones are not counted).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { contests, users, votes } from '../../db/schema/index.js';

export interface VoteMonitorRow {
  contestId: string;
  title: string;
  votingEndDate: Date;
  totalVotes: number;
  uniqueVoters: number;
  votesLast10: number;
  votesLast60: number;
  paidVotes: number;
  newAccountVotes: number;
  topVoterVotes: number;
}

/** Contests in their voting window at `at`, soonest end first, with their vote figures. */
export async function liveContestVoteFigures(
  db: DbOrTx,
  at: Date,
  opts: { newAccountSince: Date; topVoters: number; limit: number },
): Promise<VoteMonitorRow[]> {
  const atIso = at.toISOString();
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with live as (
      select c.id, c.title, c.voting_end_date
      from ${contests} c
      where c.status in ('active', 'voting') and c.voting_start_date <= ${atIso}::timestamptz and c.voting_end_date > ${atIso}::timestamptz
      order by c.voting_end_date, c.id
      limit ${opts.limit}
    ),
    v as (
      select v.contest_id, v.voter_id, v.amount, v.vote_type, v.created_at, u.created_at as voter_since
      from ${votes} v join live on live.id = v.contest_id join ${users} u on u.id = v.voter_id
      where v.is_active
    ),
    per_voter as (
      select contest_id, voter_id, sum(amount) as n,
             row_number() over (partition by contest_id order by sum(amount) desc, voter_id) as rk
      from v group by contest_id, voter_id
    )
    select live.id as "contestId", live.title, live.voting_end_date as "votingEndDate",
      coalesce((select sum(amount) from v where v.contest_id = live.id), 0)::int as "totalVotes",
      (select count(*) from per_voter p where p.contest_id = live.id)::int as "uniqueVoters",
      coalesce((select sum(amount) from v where v.contest_id = live.id and v.created_at > ${atIso}::timestamptz - interval '10 minutes'), 0)::int as "votesLast10",
      coalesce((select sum(amount) from v where v.contest_id = live.id and v.created_at > ${atIso}::timestamptz - interval '60 minutes'), 0)::int as "votesLast60",
      coalesce((select sum(amount) from v where v.contest_id = live.id and v.vote_type = 'paid'), 0)::int as "paidVotes",
      coalesce((select sum(amount) from v where v.contest_id = live.id and v.voter_since > ${opts.newAccountSince.toISOString()}::timestamptz), 0)::int as "newAccountVotes",
      coalesce((select sum(n) from per_voter p where p.contest_id = live.id and p.rk <= ${opts.topVoters}), 0)::int as "topVoterVotes"
    from live
    order by live.voting_end_date, live.id`,
  );
  return rows.map((r) => ({
    contestId: String(r.contestId),
    title: String(r.title),
    votingEndDate: new Date(r.votingEndDate as string | Date),
    totalVotes: Number(r.totalVotes),
    uniqueVoters: Number(r.uniqueVoters),
    votesLast10: Number(r.votesLast10),
    votesLast60: Number(r.votesLast60),
    paidVotes: Number(r.paidVotes),
    newAccountVotes: Number(r.newAccountVotes),
    topVoterVotes: Number(r.topVoterVotes),
  }));
}
