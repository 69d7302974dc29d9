/**
 * Crawlers, link previews and tools by their user agent. Their events are
 * stored (an owner may want to see them) but kept out of visitors' figures.
 */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headless|lighthouse|pagespeed|curl\/|wget\/|python-requests|python-urllib|go-http-client|okhttp|java\/|node-fetch|undici|axios\//i;

export function isBotAgent(userAgent: string | undefined): boolean {
  return userAgent === undefined || userAgent.trim() === '' || BOT_AGENT.test(userAgent);
}
