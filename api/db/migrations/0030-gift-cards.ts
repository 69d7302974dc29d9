import { type Kysely, sql } from 'kysely';

/**
 * Gift cards (issue 20). A card is made for each gift card unit an order
 * buys (or by the seed); its code is kept only as a SHA-256 digest, since
 * whoever reads it can spend the balance, with its last four symbols to
 * name it by. The balance can never go below zero (a check, under the
 * checkout's conditional update), and every change to it is a row of the
 * ledger: issued (+), redeemed by an order (−), restored when an order's
 * payment is given back (+); the ledger sums to the balance.
 *
 * A redemption is written inside the order's transaction before the order
 * row itself, so its foreign key to the order is checked at commit.
 *
 * carts.gift_cards lists the cards a shopper applied (by id, in order);
 * orders.gift_card_minor is what they paid, so what is left to charge is
 * the grand total less it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE gift_cards (
      website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
      id text NOT NULL,
      code_digest text NOT NULL,
      last_characters text NOT NULL,
      currency char(3) NOT NULL,
      initial_minor bigint NOT NULL CHECK (initial_minor > 0),
      balance_minor bigint NOT NULL CHECK (balance_minor >= 0),
      order_id text,
      order_line_number integer,
      created_on timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (website_id, id),
      UNIQUE (website_id, code_digest),
      FOREIGN KEY (website_id, order_id, order_line_number)
        REFERENCES order_lines (website_id, order_id, line_number)
    )`.execute(db);
  await sql`CREATE INDEX gift_cards_order ON gift_cards (website_id, order_id)`.execute(db);
  await sql`
    CREATE TABLE gift_card_ledger (
      website_id text NOT NULL,
      id text NOT NULL,
      gift_card_id text NOT NULL,
      kind text NOT NULL,
      amount_minor bigint NOT NULL,
      order_id text,
      -- The clock, not the transaction's start: the rows of one order keep the order they were written in.
      created_on timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (website_id, id),
      CHECK (
        (kind IN ('issued', 'restored') AND amount_minor > 0) OR (kind = 'redeemed' AND amount_minor < 0)
      ),
      FOREIGN KEY (website_id, gift_card_id) REFERENCES gift_cards (website_id, id) ON DELETE CASCADE,
      FOREIGN KEY (website_id, order_id) REFERENCES orders (website_id, id) DEFERRABLE INITIALLY DEFERRED
    )`.execute(db);
  await sql`CREATE INDEX gift_card_ledger_card ON gift_card_ledger (website_id, gift_card_id)`.execute(db);
  await sql`CREATE INDEX gift_card_ledger_order ON gift_card_ledger (website_id, order_id)`.execute(db);
  await sql`ALTER TABLE carts ADD COLUMN gift_cards jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN gift_card_minor bigint NOT NULL DEFAULT 0 CHECK (gift_card_minor >= 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN gift_card_minor`.execute(db);
  await sql`ALTER TABLE carts DROP COLUMN gift_cards`.execute(db);
  await sql`DROP TABLE gift_card_ledger`.execute(db);
  await sql`DROP TABLE gift_cards`.execute(db);
}
