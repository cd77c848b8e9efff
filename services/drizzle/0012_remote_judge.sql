CREATE TABLE "remote_judge_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"failing" boolean DEFAULT false NOT NULL,
	"last_error" text,
	"busy_by" text,
	"busy_until" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_judge_run" (
	"submit_id" integer NOT NULL,
	"version" integer NOT NULL,
	"oj" text NOT NULL,
	"account_id" integer NOT NULL,
	"run_id" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" integer,
	CONSTRAINT "remote_judge_run_submit_id_version_pk" PRIMARY KEY("submit_id","version")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "remote_judge_account_site_user_idx" ON "remote_judge_account" USING btree ("site","username");--> statement-breakpoint
CREATE INDEX "remote_judge_run_oj_idx" ON "remote_judge_run" USING btree ("oj","finished_at");