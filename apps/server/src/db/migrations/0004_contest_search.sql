-- Contest search: a weighted full-text vector (title A, category and tags B, description C) with
-- a GIN index for ranked search, and a trigram index on the title for typo-tolerant matching.
-- The 'simple' configuration keeps Nigerian names and Pidgin words unstemmed.
--
-- array_to_string is only STABLE (it goes through type output functions in general); for text[]
-- the result cannot change, so this wrapper may be declared IMMUTABLE for the generated column.
CREATE FUNCTION contest_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string(tags, ' ') $$;
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, coalesce("title", '')), 'A') ||
  setweight(to_tsvector('simple'::regconfig, coalesce("category", '') || ' ' || coalesce("custom_category", '') || ' ' || coalesce(contest_tags_text("tags"), '')), 'B') ||
  setweight(to_tsvector('simple'::regconfig, coalesce("description", '')), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "contests_search_idx" ON "contests" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "contests_title_trgm_idx" ON "contests" USING gin ("title" gin_trgm_ops);
