ALTER TABLE "contests" ADD COLUMN "payout_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "payout_hold_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "last_error_at" timestamp with time zone;