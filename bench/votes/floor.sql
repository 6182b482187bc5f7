-- The SQL floor of a paid vote (bench/votes/floor.ts runs it with pgbench): the least a database
-- must do for one, with no rule checked: insert the vote, bump the entry's counter, move the
-- credits from the voter to one of 16 revenue shards. Entries are chosen as bench/votes/run.ts
-- chooses them (40% on the top three).
\set voter random(1, :voters)
\set r random(0, 999)
\set entry case when :r < 400 then 1 + :r % 3 else 4 + :r % 17 end
\set shard :voter % 16
BEGIN;
INSERT INTO floor_votes (voter_id, entry_id, amount, credit_cost) VALUES (:voter, :entry, 1, 1000);
UPDATE floor_entries SET votes_count = votes_count + 1, weighted_votes = weighted_votes + 5 WHERE id = :entry;
UPDATE floor_balances SET balance = balance - 1000 WHERE id = :voter;
UPDATE floor_balances SET balance = balance + 1000 WHERE id = -1 - :shard;
END;
