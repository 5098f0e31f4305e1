-- Moving in from Monica (issue 48, ADR 039): an import's report per kind of record, as a JSON
-- object of counts ({"contacts": 120, "notes": 48, ...}); what each kind became is said by the
-- view (worker/domain/monica/monica-report.ts). '{}' for imports that have no kinds.
ALTER TABLE imports ADD COLUMN report TEXT NOT NULL DEFAULT '{}';
