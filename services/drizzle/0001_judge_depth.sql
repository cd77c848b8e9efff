CREATE TABLE "test_judge" (
	"key" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"pid" integer NOT NULL,
	"status" integer NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "judge" ADD COLUMN "lane" text DEFAULT 'practice' NOT NULL;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "judge_extra_file" jsonb;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "spj_language" text;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "spj_code" text;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "is_upload_case" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "case_version" text;--> statement-breakpoint
ALTER TABLE "test_judge" ADD CONSTRAINT "test_judge_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_judge_expires_idx" ON "test_judge" USING btree ("expires_at");