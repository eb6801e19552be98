ALTER TABLE "earnings_monthly" ADD COLUMN "discovery_lines" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "earnings_monthly" ADD COLUMN "discovery_net" numeric(24, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "earnings_release_totals" ADD COLUMN "discovery_net" numeric(24, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- hand-written:
-- Discovery Mode lines tagged by imports posted (and not rolled back) before these columns existed.
update earnings_monthly m set discovery_lines = d.lines, discovery_net = d.net
from (
  select g.tenant_id, g.period, i.source, sum(g.lines) as lines, sum(g.net_base) as net
  from statement_line_groups g
  join statement_imports i on i.id = g.import_id
  where g.discovery_mode
    and exists (select 1 from ledger_transactions x where x.import_id = g.import_id and x.kind = 'import')
    and not exists (select 1 from ledger_transactions x where x.import_id = g.import_id and x.kind = 'rollback')
  group by g.tenant_id, g.period, i.source
) d
where m.tenant_id = d.tenant_id and m.period = d.period and m.source = d.source;--> statement-breakpoint
update earnings_release_totals r set discovery_net = d.net
from (
  select g.release_id, sum(g.net_base) as net
  from statement_line_groups g
  where g.discovery_mode
    and exists (select 1 from ledger_transactions x where x.import_id = g.import_id and x.kind = 'import')
    and not exists (select 1 from ledger_transactions x where x.import_id = g.import_id and x.kind = 'rollback')
  group by g.release_id
) d
where r.release_id = d.release_id;
