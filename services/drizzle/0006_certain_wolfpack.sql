ALTER TABLE "problems" ADD COLUMN "checker" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "float_absolute_tolerance" double precision;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "float_relative_tolerance" double precision;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "subtask_dependencies" jsonb;