-- UNLOGGED (edited by hand; drizzle has no option for it): rate-limit counters are not worth a WAL write
-- per request; after a crash the table is empty and every window starts afresh (ADR 014).
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");