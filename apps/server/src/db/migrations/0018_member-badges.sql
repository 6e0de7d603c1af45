CREATE TABLE "member_badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"certification_id" integer NOT NULL,
	"badge_key" text NOT NULL,
	"source_url" text,
	"credential" text,
	"format" text NOT NULL,
	"badge_class" text NOT NULL,
	"issuer_name" text NOT NULL,
	"issuer_url" text,
	"issued_on" date NOT NULL,
	"expires_on" date,
	"status" text NOT NULL,
	"verified_at" timestamp with time zone,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_badges_status_check" CHECK ("member_badges"."status" in ('VERIFIED', 'REVOKED', 'UNVERIFIED')),
	CONSTRAINT "member_badges_format_check" CHECK ("member_badges"."format" in ('OB2_HOSTED', 'OB2_SIGNED', 'OB3_JWT'))
);
--> statement-breakpoint
ALTER TABLE "member_badges" ADD CONSTRAINT "member_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_badges" ADD CONSTRAINT "member_badges_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_badges_user_key" ON "member_badges" USING btree ("user_id","badge_key");--> statement-breakpoint
CREATE INDEX "member_badges_certification_idx" ON "member_badges" USING btree ("certification_id","user_id") WHERE "member_badges"."status" = 'VERIFIED';
