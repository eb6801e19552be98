ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
DROP INDEX "ledger_entries_book_idx";--> statement-breakpoint
-- hand-written:
-- An entry's transaction exists, held by triggers instead of the foreign key (docs/decisions.md,
-- session 40): the key checked every inserted entry on its own (a 1M-line commit inserts ~950,000
-- entries of ONE transaction: ~3-5 s of the posting statement), these check each statement's
-- transactions once. Inserted or updated entries: their distinct transactions are locked FOR KEY
-- SHARE, as the key's check locked them (so a concurrent delete of one waits, then fails below), and
-- any missing one is refused with the key's error code.
CREATE FUNCTION "ledger_entries_transaction_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted bigint;
  found bigint;
  missing bigint;
BEGIN
  WITH ids AS (SELECT DISTINCT "transaction_id" AS id FROM "added")
  SELECT (SELECT count(*) FROM ids),
    (SELECT count(*) FROM (SELECT t."id" FROM "ledger_transactions" t WHERE t."id" IN (SELECT id FROM ids) FOR KEY SHARE OF t) locked)
  INTO wanted, found;
  IF found < wanted THEN
    SELECT a."transaction_id" INTO missing FROM "added" a
    WHERE NOT EXISTS (SELECT 1 FROM "ledger_transactions" t WHERE t."id" = a."transaction_id") LIMIT 1;
    RAISE EXCEPTION 'insert or update on table "ledger_entries" violates foreign key constraint "ledger_entries_transaction_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_entries_transaction_id_fk',
        DETAIL = format('Key (transaction_id)=(%s) is not present in table "ledger_transactions".', missing),
        TABLE = 'ledger_entries';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_transaction_insert" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_transaction_check"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_transaction_update" AFTER UPDATE ON "ledger_entries" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_transaction_check"();--> statement-breakpoint
-- A transaction with entries cannot go, nor change its id (the key's ON DELETE / ON UPDATE NO ACTION).
CREATE FUNCTION "ledger_transactions_entries_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept bigint;
BEGIN
  -- An id no longer there (deleted, or changed by an update) that entries still carry.
  SELECT o."id" INTO kept FROM "gone" o
  WHERE NOT EXISTS (SELECT 1 FROM "ledger_transactions" t WHERE t."id" = o."id")
    AND EXISTS (SELECT 1 FROM "ledger_entries" e WHERE e."transaction_id" = o."id")
  LIMIT 1;
  IF kept IS NOT NULL THEN
    RAISE EXCEPTION 'update or delete on table "ledger_transactions" violates foreign key constraint "ledger_entries_transaction_id_fk" on table "ledger_entries"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_entries_transaction_id_fk',
        DETAIL = format('Key (id)=(%s) is still referenced from table "ledger_entries".', kept),
        TABLE = 'ledger_transactions';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_entries_delete" AFTER DELETE ON "ledger_transactions" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_transactions_entries_check"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_entries_update" AFTER UPDATE ON "ledger_transactions" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_transactions_entries_check"();--> statement-breakpoint
-- TRUNCATE skips row and statement triggers: ledger_transactions cannot be emptied while entries stand.
CREATE FUNCTION "ledger_transactions_truncate_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "ledger_entries") THEN
    RAISE EXCEPTION 'cannot truncate "ledger_transactions": "ledger_entries" has rows that refer to it'
      USING ERRCODE = 'feature_not_supported';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_truncate" BEFORE TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_transactions_truncate_check"();
