-- Browse sorts from an index (bench/browse); the entries index loses weighted_votes so that a vote's
-- counter update stays HOT (bench/votes).
DROP INDEX "entries_contest_idx";--> statement-breakpoint
CREATE INDEX "contests_created_idx" ON "contests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contests_prize_idx" ON "contests" USING btree ("prize_amount","created_at","id");--> statement-breakpoint
CREATE INDEX "entries_contest_idx" ON "entries" USING btree ("contest_id","status");