/**
 * Turns the URLs, @mentions and #hashtags of a tweet's text into links. A mention
 * or hashtag counts only at the start or after a space, so e-mail addresses and
 * URL fragments stay as they are; URLs are linked first so mentions inside them are left alone.
 */
const WEB_ADDRESS = /\b(?:https?|ftp|file):\/\/[-A-Z0-9+&@#/%?=~_|!:,.;]*[-A-Z0-9+&@#/%=~_|]/gi;
const MENTION = /(^| )@(\w+)/g;
const HASHTAG = /(^| )#(\w+)/g;

/** activateTwitterLinks('hi @a') → 'hi <a target="new" href="https://twitter.com/a/">@a</a>' */
export function activateTwitterLinks(text: string): string {
  return text
    .replace(WEB_ADDRESS, (url) => `<a target="new" href="${url}">${url}</a>`)
    .replace(MENTION, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
    .replace(HASHTAG, '$1<a target="new" href="https://twitter.com/hashtag/$2?src=hash">#$2</a>');
}
