CREATE TABLE "discussion_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"did" integer NOT NULL,
	"comment_id" integer,
	"reporter_uid" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_carousel" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"file_id" integer,
	"rank" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth" (
	"id" serial PRIMARY KEY NOT NULL,
	"permission" text NOT NULL,
	"description" text,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_permission_unique" UNIQUE("permission")
);
--> statement-breakpoint
CREATE TABLE "generated_user_sheet" (
	"key" text PRIMARY KEY NOT NULL,
	"owner_uid" text NOT NULL,
	"rows" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_auth" (
	"role_id" integer NOT NULL,
	"auth_id" integer NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_auth_role_id_auth_id_pk" PRIMARY KEY("role_id","auth_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discussion" ADD COLUMN "pid" text;--> statement-breakpoint
ALTER TABLE "discussion" ADD COLUMN "top_priority" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discussion" ADD COLUMN "status" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discussion_report" ADD CONSTRAINT "discussion_report_did_discussion_id_fk" FOREIGN KEY ("did") REFERENCES "public"."discussion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_report" ADD CONSTRAINT "discussion_report_comment_id_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_report" ADD CONSTRAINT "discussion_report_reporter_uid_users_uuid_fk" FOREIGN KEY ("reporter_uid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_auth" ADD CONSTRAINT "role_auth_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_auth" ADD CONSTRAINT "role_auth_auth_id_auth_id_fk" FOREIGN KEY ("auth_id") REFERENCES "public"."auth"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_report_status_idx" ON "discussion_report" USING btree ("status","id");