CREATE TABLE "discussion_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_like" (
	"uid" text NOT NULL,
	"did" integer NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_like_uid_did_pk" PRIMARY KEY("uid","did")
);
--> statement-breakpoint
CREATE TABLE "discussion_view" (
	"did" integer NOT NULL,
	"viewer" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_view_did_viewer_pk" PRIMARY KEY("did","viewer")
);
--> statement-breakpoint
ALTER TABLE "discussion" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "discussion_like" ADD CONSTRAINT "discussion_like_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_like" ADD CONSTRAINT "discussion_like_did_discussion_id_fk" FOREIGN KEY ("did") REFERENCES "public"."discussion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_view" ADD CONSTRAINT "discussion_view_did_discussion_id_fk" FOREIGN KEY ("did") REFERENCES "public"."discussion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion" ADD CONSTRAINT "discussion_category_id_discussion_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."discussion_category"("id") ON DELETE set null ON UPDATE no action;