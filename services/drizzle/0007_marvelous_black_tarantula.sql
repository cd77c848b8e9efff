ALTER TABLE "judge" ADD COLUMN "attempt_requeue" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "judge" ADD COLUMN "attempt_delivery" integer DEFAULT 0 NOT NULL;