-- Search of the catalogue (GET /api/certification?q=): words anywhere in a certification, and exam codes
-- close in spelling. The first expression is repeated exactly by the search query so that it uses the index.
CREATE INDEX "certifications_search_idx" ON "certifications" USING gin (to_tsvector('simple'::regconfig, "name" || ' ' || "cert_code" || ' ' || "vendor" || ' ' || "description"));--> statement-breakpoint
CREATE INDEX "certifications_code_trgm_idx" ON "certifications" USING gin (lower("cert_code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "certifications_label_trgm_idx" ON "certifications" USING gin (lower("name" || ' ' || "cert_code" || ' ' || "vendor") gin_trgm_ops);
