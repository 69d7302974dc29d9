import { type Kysely, sql } from 'kysely';

/**
 * Donations (issue 24): what a visitor gave through a page's donation block
 * and the donate page (page type 203). A donation is recorded before the
 * payment provider is asked ('pending'), so a charge whose answer was lost
 * leaves a trace, and becomes 'paid' or 'declined' by the answer. The cause's
 * title is copied in, since the block that offered it may be edited or
 * removed later and the owner's list still names what each gift was for.
 * confirm_token is the random token of the contribution-confirmed page's
 * address (204): the donation's id is not put in a URL.
 *
 * The mailing list: every address that joined it (a newsletter form, the
 * restock form's 'join mailing list'), and when it left. An unsubscribed
 * address keeps its row, so the owner sees it as unsubscribed and no
 * newsletter goes to it; joining again on purpose clears unsubscribed_on.
 *
 * mail_outbox.headers: extra header lines a message must carry
 * (List-Unsubscribe and List-Unsubscribe-Post on newsletter mail, RFC 8058).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE donations (
      website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
      id text NOT NULL,
      cause_key text NOT NULL CHECK (char_length(cause_key) <= 100),
      cause_title text NOT NULL CHECK (char_length(cause_title) <= 200),
      page_url_id text NOT NULL,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency text NOT NULL,
      donor_name text NOT NULL CHECK (char_length(donor_name) <= 200),
      donor_email text NOT NULL CHECK (char_length(donor_email) <= 320),
      note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 1000),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'requires-action', 'paid', 'declined')),
      provider text NOT NULL,
      provider_payment_id text,
      decline_message text,
      test_mode boolean NOT NULL DEFAULT false,
      confirm_token text NOT NULL,
      created_on timestamptz NOT NULL DEFAULT now(),
      paid_on timestamptz,
      PRIMARY KEY (website_id, id),
      UNIQUE (website_id, confirm_token)
    )`.execute(db);
  await sql`CREATE INDEX donations_paid_newest ON donations (website_id, created_on DESC, id DESC) WHERE status = 'paid'`.execute(
    db,
  );
  await sql`CREATE INDEX donations_by_provider_payment ON donations (provider, provider_payment_id)`.execute(db);
  // The payments' settling round (api/jobs/payment-jobs.ts) looks for donations left waiting.
  await sql`CREATE INDEX donations_waiting ON donations (created_on) WHERE status IN ('pending', 'requires-action')`.execute(
    db,
  );
  await sql`
    CREATE TABLE mailing_list_subscribers (
      website_id text NOT NULL REFERENCES websites (id) ON DELETE CASCADE,
      email text NOT NULL CHECK (char_length(email) <= 320 AND email = lower(email)),
      source text NOT NULL CHECK (source IN ('newsletter-form', 'restock-form')),
      subscribed_on timestamptz NOT NULL DEFAULT now(),
      unsubscribed_on timestamptz,
      PRIMARY KEY (website_id, email)
    )`.execute(db);
  await sql`ALTER TABLE mail_outbox ADD COLUMN headers jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_outbox DROP COLUMN headers`.execute(db);
  await sql`DROP TABLE mailing_list_subscribers`.execute(db);
  await sql`DROP TABLE donations`.execute(db);
}
