CREATE TABLE "md_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"uid" text,
	"gid" integer,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "md_file_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "package_submission" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"path" text NOT NULL,
	"language" text NOT NULL,
	"code" text NOT NULL,
	"expected" text NOT NULL,
	"submit_id" integer,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_classification" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"oj" text DEFAULT 'ME' NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "checker_protocol" text DEFAULT 'testlib' NOT NULL;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "validator_flags" text;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "modified_user" text;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "tcid" integer;--> statement-breakpoint
ALTER TABLE "package_submission" ADD CONSTRAINT "package_submission_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_submission_pid_idx" ON "package_submission" USING btree ("pid");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_classification_name_oj_idx" ON "tag_classification" USING btree ("name","oj");--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_tcid_tag_classification_id_fk" FOREIGN KEY ("tcid") REFERENCES "public"."tag_classification"("id") ON DELETE set null ON UPDATE no action;