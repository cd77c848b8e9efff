CREATE TABLE "group_announcement" (
	"id" serial PRIMARY KEY NOT NULL,
	"gid" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"uid" text NOT NULL,
	"username" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_member" (
	"id" serial PRIMARY KEY NOT NULL,
	"gid" integer NOT NULL,
	"uid" text NOT NULL,
	"auth" integer NOT NULL,
	"reason" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"avatar" text,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"brief" text NOT NULL,
	"description" text,
	"uid" text NOT NULL,
	"owner" text NOT NULL,
	"auth" integer NOT NULL,
	"code" text,
	"visible" boolean DEFAULT true NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "is_group" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "problems" ADD COLUMN "apply_public_progress" integer;--> statement-breakpoint
ALTER TABLE "discussion" ADD COLUMN "gid" integer;--> statement-breakpoint
ALTER TABLE "group_announcement" ADD CONSTRAINT "group_announcement_gid_groups_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_announcement" ADD CONSTRAINT "group_announcement_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_member" ADD CONSTRAINT "group_member_gid_groups_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_member" ADD CONSTRAINT "group_member_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_announcement_gid_idx" ON "group_announcement" USING btree ("gid","id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_member_gid_uid_idx" ON "group_member" USING btree ("gid","uid");--> statement-breakpoint
CREATE INDEX "group_member_uid_idx" ON "group_member" USING btree ("uid","auth");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_idx" ON "groups" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_short_name_idx" ON "groups" USING btree ("short_name");--> statement-breakpoint
CREATE INDEX "groups_uid_idx" ON "groups" USING btree ("uid","gmt_create");--> statement-breakpoint
CREATE INDEX "problems_gid_idx" ON "problems" USING btree ("gid","id");