CREATE INDEX "contests_created_idx" ON "contests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contests_votes_idx" ON "contests" USING btree ("total_votes","created_at","id");--> statement-breakpoint
CREATE INDEX "contests_entries_idx" ON "contests" USING btree ("total_entries","created_at","id");--> statement-breakpoint
CREATE INDEX "contests_prize_idx" ON "contests" USING btree ("prize_amount","created_at","id");