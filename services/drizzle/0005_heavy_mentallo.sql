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
ALTER TABLE "role_auth" ADD CONSTRAINT "role_auth_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_auth" ADD CONSTRAINT "role_auth_auth_id_auth_id_fk" FOREIGN KEY ("auth_id") REFERENCES "public"."auth"("id") ON DELETE cascade ON UPDATE no action;