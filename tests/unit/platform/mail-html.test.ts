/**
 * The HTML part of a mail: only the app's own links are links. Text a user typed (a rider's
 * name holding a URL) stays text, however much it looks like a link, even to our own host's
 * look-alikes; the plain-text part is the text as it is.
 */
import { describe, expect, it } from 'vitest';
import { mailHtml } from '~/services/platform/mail-html.server';

const OURS = 'http://localhost:3000';

describe('mail HTML links', () => {
  it('the rule: a URL a user typed into a name is not a link; our own link is', () => {
    const html = mailHtml(
      `Rider http://evil.example/claim?x=1 asked for a payout.\n\nReview it: ${OURS}/fr/auth/admin/approvals`,
      'en',
      OURS,
    );
    expect(html).toContain(`<a href="${OURS}/fr/auth/admin/approvals"`);
    expect(html).not.toContain('href="http://evil.example');
    expect(html).toContain('http://evil.example/claim?x=1');
  });

  it('look-alikes of our origin are not links', () => {
    for (const fake of [
      'http://localhost:3000.evil.example/login',
      'http://localhost:3000@evil.example/login',
      'https://localhost:3000/login',
      'http://localhost:30000/login',
    ]) {
      const html = mailHtml(`Name: ${fake}`, 'en', OURS);
      expect(html, fake).not.toContain('<a ');
    }
  });

  it('text stays escaped: markup in a name is shown, never run', () => {
    const html = mailHtml('Hello <a href="http://evil.example">x</a> & co', 'en', OURS);
    expect(html).not.toContain('<a ');
    expect(html).toContain('&lt;a href=&quot;http://evil.example&quot;&gt;x&lt;/a&gt; &amp; co');
  });
});

describe('mail HTML document', () => {
  it('is titled with its subject, escaped (a mail client or screen reader names it so)', () => {
    const html = mailHtml('Hello', 'fr', OURS, 'Votre reçu <n° 00H>');
    expect(html).toContain('<title>Votre reçu &lt;n° 00H&gt;</title>');
    expect(html).toContain('<html lang="fr">');
  });
});
